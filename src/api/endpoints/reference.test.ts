// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
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
    expect(await rejection(getReferenceList("faculty"))).toMatchObject({
      kind: "decode",
      endpoint: "/institution/api/v1/faculty/",
    });
  });

  it("a row without an id or with a null label is left out and reported once in the console; the other rows stay", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [first, second] = fx.referenceData.faculty;
    answer(() =>
      json([
        first,
        { code: "NOID", label_en: "No id", label_fr: "Sans id" },
        { id: 98, code: "NULL", label_en: null, label_fr: "Libellé" },
        { id: 99, code: "NULL2", label_en: "Label", label_fr: null },
        second,
      ]),
    );
    await expect(getReferenceList("faculty")).resolves.toEqual([first, second]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/faculty.*3/);
  });

  it("a mapping row without an id is left out too", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const [row] = fx.referenceData.mapcycle;
    answer(() => json([{ ...row, id: null }, row]));
    await expect(getReferenceList("mapcycle")).resolves.toEqual([row]);
  });

  it("a list of good rows says nothing in the console", async () => {
    const warn = vi.spyOn(console, "warn");
    answer(() => json(fx.referenceData.cycle));
    await getReferenceList("cycle");
    expect(warn).not.toHaveBeenCalled();
  });
});
