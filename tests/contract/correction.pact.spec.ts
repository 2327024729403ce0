/**
 * Contract of the `correction` extension (docs/extensions.md), in the extensions' own pact: an agent names the fields
 * a correction is about; tracking answers them; the applicant, without a token, sends new values for those fields
 * only (anything else is a 400 on it) and may send the office a note about a mistake.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { correctDemand, rejectDemand, reportMistake, trackDemand } from "../../src/api";
import { kinds } from "../../src/kinds";
import { patterns, re } from "./support/examples";
import { JSON_ANSWER, JSON_REQUEST, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";

const pact = newPact("correction", "extensions");

const ID = "3f1c2b9a-5d4e-4c6b-8a7f-1e2d3c4b5a69";
const at = re(patterns.dateTime, "2026-11-26T09:15:00.000+01:00");
const [code, register] = ["DMPER000031", "P12345"];
const NAME = "Marie Mbarga";

describe("correction", () => {
  const kind = kinds.staff;

  it("an agent asks for a correction naming the fields to correct", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: "staff", id: ID }))
      .uponReceiving(`a request to ask for a correction of the contact name of the pending staff demand ${ID}`)
      .withRequest("POST", kind.paths.reject(ID), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({
          status: "correction",
          reason: "other",
          comment: "Nom trop long.",
          fields: ["contact_person_name"],
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          id: M.equal(ID),
          rejection: {
            status: M.equal("correction"),
            reason: M.equal("other"),
            comment: M.like("Nom trop long."),
            at,
            fields: M.equal(["contact_person_name"]),
          },
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const answer = await rejectDemand(kind, ID, {
          status: "correction",
          reason: "other",
          comment: "Nom trop long.",
          fields: ["contact_person_name"],
        });
        expect(answer.rejection.fields).toEqual(["contact_person_name"]);
      });
  });

  it("tracking a request waiting for a correction names the fields", async () => {
    await pact
      .interaction(state("correctionAsked", { kind: "staff", code, register, fields: "contact_person_name" }))
      .uponReceiving("a request for the state of staff request DMPER000031, waiting for a correction")
      .withRequest("POST", kind.paths.track, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          code: M.equal(code),
          state: M.equal("correction"),
          reason: M.like("other"),
          updated_at: at,
          fields: M.equal(["contact_person_name"]),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        expect(await trackDemand(kind, code, register)).toMatchObject({ fields: ["contact_person_name"] });
      });
  });

  it("the applicant corrects the named field: the request is received again", async () => {
    await pact
      .interaction(state("correctionAsked", { kind: "staff", code, register, fields: "contact_person_name" }))
      .uponReceiving("a correction of the contact name of staff request DMPER000031")
      .withRequest("POST", kind.paths.correct, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ code, register, values: { contact_person_name: NAME } }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ code: M.equal(code), state: M.equal("received"), updated_at: at }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const answer = await correctDemand(kind, code, register, { contact_person_name: NAME });
        expect(answer).toMatchObject({ code, state: "received" });
      });
  });

  it("a field the agent did not name is refused on it", async () => {
    await pact
      .interaction(state("correctionAsked", { kind: "staff", code, register, fields: "contact_person_name" }))
      .uponReceiving("a correction of a field the agent did not name, on staff request DMPER000031")
      .withRequest("POST", kind.paths.correct, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ code, register, values: { lastname: "Autre" } }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ values: { lastname: M.eachLike(M.like("This field was not asked for.")) } }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(correctDemand(kind, code, register, { lastname: "Autre" }));
        expect(error).toMatchObject({ kind: "badRequest", status: 400 });
      });
  });

  it("the applicant reports a mistake to the office", async () => {
    const message = "Mon prénom est Awa, pas Ava.";
    await pact
      .interaction(state("mistakeReportable", { kind: "staff", code, register }))
      .uponReceiving("a note about a mistake in staff request DMPER000031")
      .withRequest("POST", kind.paths.report, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register, message }))
      .willRespondWith(201, (b) => b.headers(JSON_ANSWER).jsonBody({ code: M.equal(code), at }))
      .executeTest(async (server) => {
        useApi(server.url, null);
        expect((await reportMistake(kind, code, register, message)).code).toBe(code);
      });
  });
});
