// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { getReferenceList } from "./reference";
import { referenceNames } from "../schemas";
import { json, params, rejection, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

describe("reference lists", () => {
  it.each(referenceNames)("%s is fetched unpaginated from /institution/api/v1/", async (name) => {
    answer(() => json(fx.referenceData[name]));
    await expect(getReferenceList(name)).resolves.toEqual(fx.referenceData[name]);
    const s = only();
    expect(s.method).toBe("GET");
    expect(s.url.pathname).toBe(`/institution/api/v1/${name}/`);
    expect(params(s)).toEqual({ no_pagination: "true" });
  });

  it("a paged answer to a reference call is a decode error", async () => {
    answer(() => json(fx.pageOf([fx.faculty])));
    expect(await rejection(getReferenceList("faculty"))).toMatchObject({ kind: "decode", endpoint: "/institution/api/v1/faculty/" });
  });
});
