/**
 * Contract of the `digital-card` extension (docs/extensions.md), in the extensions' own pact: without a token, a
 * request's code, registration number and birth date give the card as its holder's phone shows it, with a QR signed
 * for a few days; any detail wrong is DRF's JSON 404; an agent's card answer says when the digital card was first
 * opened and last refreshed.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { agentActivity, fetchDigitalCard, getCard } from "../../src/api";
import { agentActivityPath } from "../../src/api/endpoints/lifecycle";
import { kinds } from "../../src/kinds";
import { cardBody, cardSamples, patterns, re } from "./support/examples";
import { JSON_ANSWER, JSON_REQUEST, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";

const pact = newPact("digital-card", "extensions");

const kind = kinds.student;
const dateTime = (example: string) => re(patterns.dateTime, example);
const lookup = { code: "DMSTUD042917365", register: "22W1234", birth_at: "2004-03-17" };

describe("digital-card", () => {
  it("a validated student's card, with its face and a QR signed as digital", async () => {
    await pact
      .interaction(state("digitalCardHolder", { kind: "student", ...lookup }))
      .uponReceiving("a request for the digital card of student request DMSTUD042917365 with its birth date")
      .withRequest("POST", kind.paths.digitalCard, (b) => b.headers(JSON_REQUEST).jsonBody(lookup))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          state: M.equal("active"),
          card: {
            code: M.like("PCSTUD000031"),
            register: M.equal(lookup.register),
            lastname: M.like("NGO BIYONG"),
            firstname: M.like("Marie"),
          },
          qr: re(
            "^https?://[^#]+/check/student/card/[^#]+#s1\\.[A-Za-z0-9_-]+$",
            "https://u.cm/check/student/card/t#s1.x",
          ),
          expires_at: dateTime("2026-11-29T09:00:00.000Z"),
          refreshed_at: dateTime("2026-11-26T09:00:00.000Z"),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const card = await fetchDigitalCard(kind, lookup);
        expect(card).toMatchObject({ state: "active", card: { register: lookup.register } });
        expect(card.qr).toContain("#s1.");
      });
  });

  it("details that match no card: 404, whichever is wrong", async () => {
    const wrong = { code: "DMSTUD999999", register: "99X9999", birth_at: "2004-03-17" };
    await pact
      .interaction(state("noDemandWithRegister", { kind: "student", register: wrong.register }))
      .uponReceiving("a request for the digital card of a student request that does not match")
      .withRequest("POST", kind.paths.digitalCard, (b) => b.headers(JSON_REQUEST).jsonBody(wrong))
      .willRespondWith(404, (b) => b.headers(JSON_ANSWER).jsonBody({ detail: M.like("Not found.") }))
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(fetchDigitalCard(kind, wrong));
        expect(error).toMatchObject({ kind: "notFound", status: 404 });
      });
  });

  it("an agent's card answer says when the digital card was first opened and last refreshed", async () => {
    const { id } = cardSamples.student;
    const issued = "2026-11-02T09:00:00.000+01:00";
    const refreshed = "2026-11-04T19:30:00.000+01:00";
    await pact
      .interaction(adminSignedIn, state("digitalCardIssued", { kind: "student", id, issued, refreshed }))
      .uponReceiving("a request for a student card whose holder opened the digital card")
      .withRequest("GET", kind.paths.card(id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          ...cardBody("student"),
          digital_issued_at: dateTime(issued),
          digital_refreshed_at: dateTime(refreshed),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect(await getCard(kind, id)).toMatchObject({ digital_issued_at: issued, digital_refreshed_at: refreshed });
      });
  });

  it("the agents' activity counts a day's digital cards in a row of no agent", async () => {
    const day = "2026-11-13";
    await pact
      .interaction(adminSignedIn, state("digitalCardOpenedOn", { kind: "student", day }))
      .uponReceiving("a request for the agents' activity of a day when a holder opened a digital card")
      .withRequest("GET", agentActivityPath, (b) => b.headers(bearer()).query({ from: day, to: day }))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody([{ day, agent: null, digital: M.integer(1) }]))
      .executeTest(async (server) => {
        useApi(server.url);
        expect(await agentActivity({ from: day, to: day })).toEqual([{ day, agent: null, digital: 1 }]);
      });
  });
});
