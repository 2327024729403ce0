/**
 * Contract of the `lifecycle` extension (docs/extensions.md), in the extensions' own pact: suspend with a reason,
 * reactivate, replace for a fee, renew an expired card, a renewal's demand and card naming the card they renew,
 * the timeline, bulk renewal and the card list's `state`
 * filter, shown on each kind's card path; a transition the state forbids is a 400 on `state`.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import {
  activityItems,
  agentActivity,
  cardEvents,
  getCard,
  getDemand,
  getStats,
  listCards,
  paths as apiPaths,
  reactivateCard,
  renewCard,
  renewCards,
  replaceCard,
  suspendCard,
} from "../../src/api";
import { activityItemsPath, agentActivityPath, lifecyclePaths } from "../../src/api/endpoints/lifecycle";
import { kindIds } from "../../src/api/kind-ids";
import { kinds } from "../../src/kinds";
import * as fx from "../fixtures/entities";
import { cardBody, cardSamples, demandDetail, patterns, re } from "./support/examples";
import {
  AGENT,
  JSON_ANSWER,
  JSON_REQUEST,
  adminSignedIn,
  bearer,
  newPact,
  rejectionOf,
  state,
  useApi,
} from "./support/pact";

const pact = newPact("lifecycle", "extensions");

const day = (example: string) => re(patterns.date, example);
const dateTime = (example: string) => re(patterns.dateTime, example);
const agent = { username: M.like("admin"), first_name: M.like("Admin") };

describe.each(kindIds)("%s cards, lifecycle", (kindId) => {
  const kind = kinds[kindId];
  const paths = lifecyclePaths(kind);
  const card = cardSamples[kindId];

  it("suspends an active card with a reason and a note", async () => {
    await pact
      .interaction(adminSignedIn, state("card", { kind: kindId, id: card.id }))
      .uponReceiving(`a request to suspend a ${kindId} card reported lost`)
      .withRequest("POST", paths.suspend(card.id), (b) =>
        b
          .headers({ ...bearer(), ...JSON_REQUEST })
          .jsonBody({ reason: "lost", note: "Perdue au restaurant", reported_by_holder: true }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          ...cardBody(kindId),
          valid: M.equal(false),
          state: M.equal("suspended"),
          state_reason: M.equal("lost"),
          state_at: dateTime("2026-11-12T09:30:00.000+01:00"),
          state_note: M.like("Perdue au restaurant"),
          state_by: agent,
          valid_until: day("2027-09-30"),
          sequence: M.integer(1),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const read = await suspendCard(kind, card.id, {
          reason: "lost",
          note: "Perdue au restaurant",
          reported_by_holder: true,
        });
        expect(read).toMatchObject({ state: "suspended", state_reason: "lost", valid: false });
      });
  });

  it("reactivates a suspended card", async () => {
    await pact
      .interaction(adminSignedIn, state("suspendedCard", { kind: kindId, id: card.id }))
      .uponReceiving(`a request to reactivate a suspended ${kindId} card`)
      .withRequest("POST", paths.reactivate(card.id), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ note: "Retrouvée" }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ ...cardBody(kindId), valid: M.equal(true), state: M.equal("active") }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect(await reactivateCard(kind, card.id, { note: "Retrouvée" })).toMatchObject({ state: "active" });
      });
  });

  it("replaces a suspended card for a fee: the answer is the new card", async () => {
    await pact
      .interaction(adminSignedIn, state("suspendedCard", { kind: kindId, id: card.id }))
      .uponReceiving(`a request to replace a suspended ${kindId} card, the fee paid`)
      .withRequest("POST", paths.replace(card.id), (b) =>
        b
          .headers({ ...bearer(), ...JSON_REQUEST })
          .jsonBody({ fee_amount: 5000, payment_reference: "MP261112.1534.C12345", note: "" }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          ...cardBody(kindId),
          valid: M.equal(true),
          state: M.equal("active"),
          sequence: M.equal(2),
          replaces: M.equal(card.id),
          valid_until: day("2027-09-30"),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const replacement = await replaceCard(kind, card.id, {
          fee_amount: 5000,
          payment_reference: "MP261112.1534.C12345",
          note: "",
        });
        expect(replacement).toMatchObject({ sequence: 2, replaces: card.id });
      });
  });
});

describe("student cards, lifecycle: the rest", () => {
  const kind = kinds.student;
  const paths = lifecyclePaths(kind);
  const card = cardSamples.student;

  it("refuses to reactivate a replaced card, on `state`", async () => {
    await pact
      .interaction(adminSignedIn, state("replacedCard", { kind: "student", id: card.id }))
      .uponReceiving("a request to reactivate a replaced student card")
      .withRequest("POST", paths.reactivate(card.id), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ note: "" }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ state: M.eachLike(M.like("A replaced card cannot be reactivated.")) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const error = await rejectionOf(reactivateCard(kind, card.id, { note: "" }));
        expect(error).toMatchObject({ kind: "badRequest", status: 400 });
      });
  });

  it("renews an expired card: a pending demand is created", async () => {
    await pact
      .interaction(adminSignedIn, state("expiredCard", { kind: "student", id: card.id }))
      .uponReceiving("a request to renew an expired student card")
      .withRequest("POST", paths.renew(card.id), (b) => b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({}))
      .willRespondWith(201, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ id: M.like("0f1e2d3c"), code: re(patterns.demandCode, "DMSTUD000091") }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect((await renewCard(kind, card.id)).code).toBe("DMSTUD000091");
      });
  });

  it("renews cards in bulk and reports each", async () => {
    await pact
      .interaction(adminSignedIn, state("expiredCard", { kind: "student", id: card.id }))
      .uponReceiving("a request to renew two student cards, one unknown")
      .withRequest("POST", paths.renewMany, (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ cards: [card.id, "unknown-card"] }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          created: M.eachLike({ card: M.equal(card.id), demand: M.like("0f1e2d3c"), code: M.like("DMSTUD000091") }),
          refused: M.eachLike({
            card: M.equal("unknown-card"),
            code: M.equal("not_found"),
            detail: M.like("Not found."),
          }),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const report = await renewCards(kind, [card.id, "unknown-card"]);
        expect(report.refused.map((r) => [r.card, r.code])).toEqual([["unknown-card", "not_found"]]);
      });
  });

  it("reads a renewal demand: it names the card it renews", async () => {
    const id = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
    await pact
      .interaction(adminSignedIn, state("renewalDemand", { kind: "student", id, card: card.id }))
      .uponReceiving("a request for a student demand that renews a card")
      .withRequest("GET", kind.paths.demand(id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ ...demandDetail("student"), id: M.equal(id), renews: M.equal(card.id) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect((await getDemand(kind, id)).renews).toBe(card.id);
      });
  });

  it("reads the card a renewal made: it names the card it renews", async () => {
    const id = "6b5c4d3e-2f10-4b0c-9d8e-7f6a5b4c3d2e";
    await pact
      .interaction(adminSignedIn, state("renewalCard", { kind: "student", id, card: card.id }))
      .uponReceiving("a request for a student card issued from a renewal")
      .withRequest("GET", kind.paths.card(id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ ...cardBody("student"), id: M.equal(id), renews: M.equal(card.id) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect((await getCard(kind, id)).renews).toBe(card.id);
      });
  });

  it("reads the card's timeline", async () => {
    await pact
      .interaction(adminSignedIn, state("suspendedCard", { kind: "student", id: card.id }))
      .uponReceiving("a request for a suspended student card's timeline")
      .withRequest("GET", paths.events(card.id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_ANSWER)
          .jsonBody(M.eachLike({ kind: M.like("submitted"), at: dateTime("2026-10-01T09:00:00.000+01:00") }, 3)),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect((await cardEvents(kind, card.id)).length).toBeGreaterThanOrEqual(3);
      });
  });

  it("lists the suspended cards", async () => {
    await pact
      .interaction(adminSignedIn, state("suspendedCard", { kind: "student", id: card.id }))
      .uponReceiving("a request for the suspended student cards")
      .withRequest("GET", kind.paths.cards, (b) => b.headers(bearer()).query({ state: "suspended" }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.integer(1),
          results: M.eachLike({ ...cardBody("student"), state: M.equal("suspended") }),
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listCards(kind, { state: "suspended" });
        expect(page.results.every((c) => c.state === "suspended")).toBe(true);
      });
  });

  it("reads the dashboard counts with the suspended cards and the ones expiring within 30 days", async () => {
    await pact
      .interaction(adminSignedIn, state("suspendedCard", { kind: "student", id: card.id }))
      .uponReceiving("a request for the dashboard statistics with the lifecycle counts")
      .withRequest("GET", apiPaths.stats, (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          ...Object.fromEntries(Object.entries(fx.stats).map(([key, value]) => [key, M.integer(value ?? 0)])),
          suspended_cards: M.integer(1),
          expiring_cards: M.integer(0),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const stats = await getStats();
        expect(stats).toMatchObject({ suspended_cards: 1, expiring_cards: 0 });
      });
  });
});

describe("the agents' activity", () => {
  it("reads, for an administrator, what each agent validated, rejected, asked to correct, renewed, printed, suspended, reactivated and replaced by day", async () => {
    const day = "2026-11-12";
    await pact
      .interaction(adminSignedIn, state("activityOn", { username: "admin", kind: "student", day }))
      .uponReceiving("a request for the agents' activity of one day")
      .withRequest("GET", agentActivityPath, (b) => b.headers(bearer()).query({ from: day, to: day }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody(
          M.eachLike({
            day: day,
            agent: agent,
            validated: M.integer(1),
            printed: M.integer(1),
            suspended: M.integer(1),
            reactivated: M.integer(0),
            replaced: M.integer(0),
            renewed: M.integer(0),
            rejected: M.integer(0),
            correction: M.integer(0),
          }),
        ),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const rows = await agentActivity({ from: day, to: day });
        expect(rows[0]).toMatchObject({ day, validated: 1, printed: 1, suspended: 1 });
      });
  });

  it("reads, for an administrator, the cards behind one agent's count of one day", async () => {
    const day = "2026-11-12";
    await pact
      .interaction(adminSignedIn, state("activityOn", { username: "admin", kind: "student", day }))
      .uponReceiving("a request for the cards an agent suspended on one day")
      .withRequest("GET", activityItemsPath, (b) =>
        b.headers(bearer()).query({ from: day, to: day, action: "suspended", agent: "admin" }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody(
          M.eachLike({
            kind: M.equal("student"),
            item: M.equal("card"),
            id: M.like("0f1e2d3c"),
            code: M.like("CSTUD000012"),
            register: M.like("22W1234"),
            name: M.like("Serge Mbarga"),
            at: dateTime("2026-11-12T11:00:00.000+01:00"),
          }),
        ),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const items = await activityItems({ from: day, to: day, action: "suspended", agent: "admin" });
        expect(items[0]).toMatchObject({ kind: "student", item: "card" });
      });
  });

  it("is refused to an agent (403), whom the app tells they lack the permission", async () => {
    const day = "2026-11-12";
    await pact
      .interaction(state("agentSignedIn", AGENT))
      .uponReceiving("a request for the agents' activity by an agent")
      .withRequest("GET", agentActivityPath, (b) => b.headers(bearer(AGENT.token)).query({ from: day, to: day }))
      .willRespondWith(403, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ detail: M.like("You do not have permission to perform this action.") }),
      )
      .executeTest(async (server) => {
        useApi(server.url, AGENT.token);
        await expect(agentActivity({ from: day, to: day })).rejects.toMatchObject({ kind: "forbidden" });
      });
  });
});
