/**
 * Contract of the `track` extension (docs/extensions.md), in the extensions' own pact: without a token, a request's
 * code and registration number give its state (received, rejected with its reason, printed) and nothing about the
 * person; a pair that matches nothing is DRF's JSON 404; a missing field is a 400 on it.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { trackDemand } from "../../src/api";
import { kinds } from "../../src/kinds";
import { patterns, re } from "./support/examples";
import { JSON_ANSWER, JSON_REQUEST, newPact, rejectionOf, state, useApi } from "./support/pact";

const pact = newPact("track", "extensions");

const updatedAt = re(patterns.dateTime, "2026-11-26T09:15:00.000+01:00");
const COMMENT = "Le paiement n’apparaît pas : apportez le reçu de la banque.";

describe("track", () => {
  it("a pending student request is received", async () => {
    const [code, register] = ["DMSTUD000123", "22W0123"];
    await pact
      .interaction(state("trackablePending", { kind: "student", code, register }))
      .uponReceiving("a request for the state of student request DMSTUD000123 with its registration number")
      .withRequest("POST", kinds.student.paths.track, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ code: M.equal(code), state: M.equal("received"), updated_at: updatedAt }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        expect(await trackDemand(kinds.student, code, register)).toMatchObject({ code, state: "received" });
      });
  });

  it("a rejected teacher request gives its reason and the agent's comment", async () => {
    const [code, register] = ["DMTEA000045", "T98765"];
    await pact
      .interaction(
        state("trackableRejected", {
          kind: "teacher",
          code,
          register,
          status: "rejected",
          reason: "payment",
          comment: COMMENT,
        }),
      )
      .uponReceiving("a request for the state of rejected teacher request DMTEA000045 with its registration number")
      .withRequest("POST", kinds.teacher.paths.track, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          code: M.equal(code),
          state: M.equal("rejected"),
          reason: M.equal("payment"),
          comment: M.like(COMMENT),
          updated_at: updatedAt,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const tracked = await trackDemand(kinds.teacher, code, register);
        expect(tracked).toMatchObject({ state: "rejected", reason: "payment", comment: COMMENT });
      });
  });

  it("a staff request whose card is printed is ready for pickup", async () => {
    const [code, register] = ["DMPER000077", "P54321"];
    await pact
      .interaction(state("trackablePrinted", { kind: "staff", code, register }))
      .uponReceiving("a request for the state of staff request DMPER000077 whose card is printed")
      .withRequest("POST", kinds.staff.paths.track, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ code: M.equal(code), state: M.equal("printed"), updated_at: updatedAt }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        expect((await trackDemand(kinds.staff, code, register)).state).toBe("printed");
      });
  });

  it("a code and registration number that match no request: 404, whichever is wrong", async () => {
    const [code, register] = ["DMSTUD999999", "99X9999"];
    await pact
      .interaction(state("noDemandWithRegister", { kind: "student", register }))
      .uponReceiving("a request for the state of a student request that does not match")
      .withRequest("POST", kinds.student.paths.track, (b) => b.headers(JSON_REQUEST).jsonBody({ code, register }))
      .willRespondWith(404, (b) => b.headers(JSON_ANSWER).jsonBody({ detail: M.like("Not found.") }))
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(trackDemand(kinds.student, code, register));
        expect(error).toMatchObject({ kind: "notFound", status: 404 });
      });
  });

  it("a missing registration number is refused with 400 on it", async () => {
    await pact
      .interaction()
      .uponReceiving("a request for the state of a student request without a registration number")
      .withRequest("POST", kinds.student.paths.track, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ code: "DMSTUD000123", register: "" }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ register: M.eachLike(M.like("This field is required.")) }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(trackDemand(kinds.student, "DMSTUD000123", ""));
        expect(error).toMatchObject({ kind: "badRequest", status: 400 });
      });
  });
});
