/** Contract of src/api/endpoints/stats.ts: dashboard counts and the export of every card (a CSV file). */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exportAllCards, getStats, paths } from "../../src/api";
import * as fx from "../fixtures/entities";
import { JSON_ANSWER, adminSignedIn, bearer, newPact, state, useApi } from "./support/pact";
import { csvAnswer } from "./support/files";

const pact = newPact("stats");

describe("stats", () => {
  it("reads the dashboard counts", async () => {
    await pact
      .interaction(adminSignedIn)
      .uponReceiving("a request for the dashboard statistics")
      .withRequest("GET", paths.stats, (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_ANSWER)
          .jsonBody(Object.fromEntries(Object.entries(fx.stats).map(([key, value]) => [key, M.integer(value ?? 0)]))),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const stats = await getStats();
        expect(Object.keys(stats).sort()).toEqual(Object.keys(fx.stats).sort());
      });
  });

  it("exports the cards of every kind as a CSV file", async () => {
    await pact
      .interaction(adminSignedIn, state("cardsOfEveryKind"))
      .uponReceiving("an export of every card")
      .withRequest("GET", paths.exportAll, (b) => b.headers(bearer()))
      .willRespondWith(200, csvAnswer("all"))
      .executeTest(async (server) => {
        useApi(server.url);
        const file = await exportAllCards();
        expect(file.contentType).toMatch(/^text\/csv/);
        expect(file.blob.size).toBeGreaterThan(0);
      });
  });
});
