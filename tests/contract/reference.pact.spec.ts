/** Contract of src/api/endpoints/reference.ts: the 13 institution lists, public and unpaginated. */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getReferenceList, paths, referenceNames, type ReferenceName } from "../../src/api";
import * as fx from "../fixtures/entities";
import { JSON_ANSWER, newPact, state, useApi } from "./support/pact";

const pact = newPact("reference");

/** One item of a list, every value by type (labels as text, ids and mapped ids as integers). */
const itemOf = (name: ReferenceName) => {
  const sample = fx.referenceData[name][0] as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(sample).map(([key, value]) => [key, typeof value === "number" ? M.integer(value) : M.like(value)]),
  );
};

describe("reference lists", () => {
  it.each(referenceNames)("loads the %s list with no_pagination=true", async (name) => {
    await pact
      .interaction(state("referenceLists"))
      .uponReceiving(`a request for the ${name} reference list`)
      .withRequest("GET", paths.reference(name), (b) => b.query({ no_pagination: "true" }))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(M.eachLike(itemOf(name))))
      .executeTest(async (server) => {
        useApi(server.url, null);
        const list = await getReferenceList(name);
        expect(list.length).toBeGreaterThan(0);
      });
  });
});
