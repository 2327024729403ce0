/**
 * Contract of the `reject` extension (docs/extensions.md), in the extensions' own pact: an agent rejects a pending
 * demand or asks for a correction with a reason and a comment; a demand read back carries its rejection; the
 * demand list keeps the rejected ones apart (`rejection=`); "other" without a comment is refused on its field.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { getDemand, listDemands, rejectDemand } from "../../src/api";
import { kindIds } from "../../src/api/kind-ids";
import { kinds } from "../../src/kinds";
import { demandDetail, demandItem, patterns, re } from "./support/examples";
import { JSON_ANSWER, JSON_REQUEST, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";

const pact = newPact("reject", "extensions");

const ID = "3f1c2b9a-5d4e-4c6b-8a7f-1e2d3c4b5a69";
const COMMENT = "La photo est floue : refaites-la sur un fond uni.";
const rejectionBody = (status: string, reason: string, comment: string) => ({
  status: M.equal(status),
  reason: M.equal(reason),
  comment: M.like(comment),
  at: re(patterns.dateTime, "2026-11-26T09:15:00.000+01:00"),
});

describe.each(kindIds)("%s demand, reject", (kindId) => {
  const kind = kinds[kindId];

  it("asks the applicant for a correction, with a reason and a comment", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: kindId, id: ID }))
      .uponReceiving(`a request to ask for a correction of the pending ${kindId} demand ${ID}`)
      .withRequest("POST", kind.paths.reject(ID), (b) =>
        b
          .headers({ ...bearer(), ...JSON_REQUEST })
          .jsonBody({ status: "correction", reason: "photo", comment: COMMENT }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ id: M.equal(ID), rejection: rejectionBody("correction", "photo", COMMENT) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const answer = await rejectDemand(kind, ID, { status: "correction", reason: "photo", comment: COMMENT });
        expect(answer.rejection).toMatchObject({ status: "correction", reason: "photo", comment: COMMENT });
      });
  });
});

describe("reject, read back and refused", () => {
  const kind = kinds.student;

  it("a rejected demand read back carries its rejection", async () => {
    await pact
      .interaction(
        adminSignedIn,
        state("rejectedDemand", { kind: "student", id: ID, status: "rejected", reason: "payment", comment: COMMENT }),
      )
      .uponReceiving(`a request for the rejected student demand ${ID}`)
      .withRequest("GET", kind.paths.demand(ID), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          ...demandDetail("student"),
          id: M.equal(ID),
          rejection: rejectionBody("rejected", "payment", COMMENT),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const demand = await getDemand(kind, ID);
        expect(demand.rejection).toMatchObject({ status: "rejected", reason: "payment" });
      });
  });

  it("the demand list's rejected demands, apart from those waiting for a decision", async () => {
    await pact
      .interaction(
        adminSignedIn,
        state("rejectedDemand", { kind: "student", id: ID, status: "rejected", reason: "payment", comment: COMMENT }),
      )
      .uponReceiving("a request for the rejected student demands")
      .withRequest("GET", kind.paths.demands, (b) =>
        b.headers(bearer()).query({ validated: "false", rejection: "rejected" }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.integer(1),
          results: M.eachLike({ ...demandItem("student"), rejection: rejectionBody("rejected", "payment", COMMENT) }),
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listDemands(kind, { filter: "rejected" });
        expect(page.results.every((demand) => demand.rejection?.status === "rejected")).toBe(true);
      });
  });

  it("'other' without a comment is refused with 400 on the comment", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: "student", id: ID }))
      .uponReceiving(`a request to reject the student demand ${ID} for another reason without a comment`)
      .withRequest("POST", kind.paths.reject(ID), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ status: "rejected", reason: "other", comment: "" }),
      )
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ comment: M.eachLike(M.like("This field is required.")) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const error = await rejectionOf(rejectDemand(kind, ID, { status: "rejected", reason: "other", comment: "" }));
        expect(error).toMatchObject({ kind: "badRequest", status: 400 });
      });
  });
});
