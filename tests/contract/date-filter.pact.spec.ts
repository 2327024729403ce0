/**
 * Contract of the `date-filter` extension (docs/extensions.md), in the extensions' own pact: each kind's demand
 * list filtered by the day it was received (received_after / received_before, Douala days, both included) and
 * oldest first (ordering=insert_at); each kind's card list filtered by the day the card was issued (issued_after /
 * issued_before); a malformed day is refused with 400 on its field.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { listCards, listDemands } from "../../src/api";
import { kindIds } from "../../src/api/kind-ids";
import { kinds } from "../../src/kinds";
import { cardBody, demandItem, re } from "./support/examples";
import { JSON_ANSWER, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";

const pact = newPact("date-filter", "extensions");

const days = { before: "2026-11-19", older: "2026-11-20", newer: "2026-11-26" } as const;
const receivedOn = (day: string) => ({
  insert_at: re(`^${day}T[0-9:.]+(Z|[+-][0-9:]+)$`, `${day}T12:00:00.000+01:00`),
});

describe.each(kindIds)("%s demands, date-filter", (kindId) => {
  const kind = kinds[kindId];

  it("lists the demands received between two days, oldest first", async () => {
    await pact
      .interaction(adminSignedIn, state("demandsReceivedOn", { kind: kindId, ...days }))
      .uponReceiving(`a request for the ${kindId} demands received from ${days.older} to ${days.newer}, oldest first`)
      .withRequest("GET", kind.paths.demands, (b) =>
        b.headers(bearer()).query({
          validated: "false",
          received_after: days.older,
          received_before: days.newer,
          ordering: "insert_at",
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.equal(2),
          results: [demandItem(kindId, receivedOn(days.older)), demandItem(kindId, receivedOn(days.newer))],
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listDemands(kind, {
          filter: "no_validated",
          receivedAfter: days.older,
          receivedBefore: days.newer,
          oldestFirst: true,
        });
        expect(page.results.map((d) => d.insert_at.slice(0, 10))).toEqual([days.older, days.newer]);
      });
  });
});

describe.each(kindIds)("%s cards, date-filter", (kindId) => {
  const kind = kinds[kindId];

  it("lists the cards issued on one day", async () => {
    await pact
      .interaction(adminSignedIn, state("cardsIssuedOn", { kind: kindId, before: days.before, day: days.newer }))
      .uponReceiving(`a request for the ${kindId} cards issued on ${days.newer}`)
      .withRequest("GET", kind.paths.cards, (b) =>
        b.headers(bearer()).query({ issued_after: days.newer, issued_before: days.newer }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.equal(1),
          results: [
            {
              ...cardBody(kindId),
              update_at: re(`^${days.newer}T[0-9:.]+(Z|[+-][0-9:]+)$`, `${days.newer}T12:00:00.000+01:00`),
            },
          ],
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listCards(kind, { issuedAfter: days.newer, issuedBefore: days.newer });
        expect(page.results.map((card) => card.update_at.slice(0, 10))).toEqual([days.newer]);
      });
  });
});

describe("date-filter, a malformed day", () => {
  it("is refused with 400 naming the parameter", async () => {
    const kind = kinds.student;
    await pact
      .interaction(adminSignedIn)
      .uponReceiving("a request for student demands received after a day that does not exist")
      .withRequest("GET", kind.paths.demands, (b) =>
        b.headers(bearer()).query({ validated: "false", received_after: "2026-02-30" }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ received_after: M.eachLike(M.like("Enter a valid date.")) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const error = await rejectionOf(listDemands(kind, { filter: "no_validated", receivedAfter: "2026-02-30" }));
        expect(error).toMatchObject({ kind: "badRequest", content: { received_after: ["Enter a valid date."] } });
      });
  });
});
