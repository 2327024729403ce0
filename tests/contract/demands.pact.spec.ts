/**
 * Contract of src/api/endpoints/demands.ts for each kind (student, staff, teacher): submission (multipart) and
 * duplicate, lists (pending with a followed next link, validated, search), detail, full (multipart) and simple
 * validation.
 */
import { HTTPResponseStatusClass, MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError, getDemand, listDemands, submitDemand, validateDemand, validateDemandSimple } from "../../src/api";
import { kindIds, type KindId } from "../../src/api/kind-ids";
import { kinds } from "../../src/kinds";
import { JSON_ANSWER, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";
import {
  PNG_BYTES,
  demandDetail,
  demandForm,
  demandItem,
  demandSamples,
  firstPageLink,
  pageLink,
  patterns,
  re,
} from "./support/examples";
import { multipartBody, type FilePart } from "./support/multipart";

const pact = newPact("demands");

const photoPart: FilePart = { name: "photo", fileName: "photo.png", contentType: "image/png", bytes: PNG_BYTES };
const photoFile = () => new File([PNG_BYTES], photoPart.fileName, { type: photoPart.contentType });
/** Students send their photo; for staff and teachers it is optional (docs/assumptions.md): recorded both ways. */
const withPhoto = (kind: KindId) => kinds[kind].photoToValidate === "required";

const submittedBody = (kind: KindId) => ({
  id: M.like(demandSamples[kind].id),
  code: re(patterns.demandCode, demandSamples[kind].code),
});
const validatedBody = (kind: KindId) => ({
  id: M.like(demandSamples[kind].id),
  validated: M.equal(true),
  card: M.like("5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"),
});

describe.each(kindIds)("%s demands", (kindId) => {
  const kind = kinds[kindId];
  const sample = demandSamples[kindId];
  const form = demandForm(kindId);
  const files = withPhoto(kindId) ? [photoPart] : [];
  const clientForm = () => ({ ...form, ...(withPhoto(kindId) ? { photo: photoFile() } : {}) });

  it("submits a demand (multipart, public)", async () => {
    await pact
      .interaction(state("noDemandWithRegister", { kind: kindId, register: sample.register }))
      .uponReceiving(`a ${kindId} demand submission`)
      .withRequest("POST", kind.paths.submit, multipartBody(form, files))
      .willRespondWith(M.matchStatus(201, HTTPResponseStatusClass.Success), (b) =>
        b.headers(JSON_ANSWER).jsonBody(submittedBody(kindId)),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const submitted = await submitDemand(kind, clientForm());
        expect(submitted.code).toMatch(new RegExp(patterns.demandCode));
      });
  });

  it("is refused with 400 on the register when it already exists: Exist", async () => {
    await pact
      .interaction(state("pendingDemandWithRegister", { kind: kindId, register: sample.register }))
      .uponReceiving(`a ${kindId} demand submission with a register that already exists`)
      .withRequest("POST", kind.paths.submit, multipartBody(form, files))
      .willRespondWith(400, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ register: M.eachLike(M.like("This demand already exist.")) }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(submitDemand(kind, clientForm()));
        expect((error as ApiError).kind).toBe("exist");
      });
  });

  it("lists pending demands and follows the next link", async () => {
    const twoPages = state("pendingTwoPages", { kind: kindId });
    pact
      .interaction(adminSignedIn, twoPages)
      .uponReceiving(`a request for the first page of pending ${kindId} demands`)
      .withRequest("GET", kind.paths.demands, (b) => b.headers(bearer()).query({ validated: "false" }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.integer(15),
          results: M.eachLike(demandItem(kindId, { validated: M.equal(false) })),
          next: pageLink(kind.paths.demands, 2, "page=2&validated=false", true),
          previous: null,
        }),
      );
    await pact
      .interaction(adminSignedIn, twoPages)
      .uponReceiving(`a request for the last page of pending ${kindId} demands, by the next link`)
      .withRequest("GET", kind.paths.demands, (b) => b.headers(bearer()).query({ page: "2", validated: "false" }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.integer(15),
          results: M.eachLike(demandItem(kindId, { validated: M.equal(false) })),
          next: null,
          previous: firstPageLink(kind.paths.demands, "validated=false"),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const first = await listDemands(kind, { filter: "no_validated" });
        expect(first.previous).toBeNull();
        expect(first.next).toMatch(/page=2/);
        const last = await listDemands(kind, { link: first.next });
        expect(last.next).toBeNull();
        expect(last.results.every((d) => !d.validated)).toBe(true);
      });
  });

  it("lists validated demands", async () => {
    await pact
      .interaction(adminSignedIn, state("validatedDemand", { kind: kindId }))
      .uponReceiving(`a request for validated ${kindId} demands`)
      .withRequest("GET", kind.paths.demands, (b) => b.headers(bearer()).query({ validated: "true" }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          count: M.integer(1),
          results: M.eachLike(demandItem(kindId, { validated: M.equal(true) })),
          next: null,
          previous: null,
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listDemands(kind, { filter: "validated" });
        expect(page.results.every((d) => d.validated)).toBe(true);
      });
  });

  it("searches pending demands by register", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemandWithRegister", { kind: kindId, register: sample.register }))
      .uponReceiving(`a search of pending ${kindId} demands by register`)
      .withRequest("GET", kind.paths.demands, (b) =>
        b.headers(bearer()).query({ search: sample.register, validated: "false" }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_ANSWER)
          .jsonBody({ count: M.integer(1), results: M.eachLike(demandItem(kindId)), next: null, previous: null }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listDemands(kind, { search: sample.register });
        expect(page.count).toBeGreaterThan(0);
      });
  });

  it("reads one demand", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: kindId, id: sample.id }))
      .uponReceiving(`a request for a pending ${kindId} demand`)
      .withRequest("GET", kind.paths.demand(sample.id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(demandDetail(kindId)))
      .executeTest(async (server) => {
        useApi(server.url);
        const demand = await getDemand(kind, sample.id);
        expect(demand.validated).toBe(false);
      });
  });

  it("validates a demand with its edited fields (multipart)", async () => {
    // Full validation resubmits the fields; students always send niveau and the photo (docs/spec.md §4, §5).
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: kindId, id: sample.id }))
      .uponReceiving(`a full validation of a pending ${kindId} demand`)
      .withRequest("POST", kind.paths.validate(sample.id), (b) => multipartBody(form, files)(b.headers(bearer())))
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success), (b) =>
        b.headers(JSON_ANSWER).jsonBody(validatedBody(kindId)),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const validated = await validateDemand(kind, sample.id, clientForm());
        expect(validated?.validated).toBe(true);
      });
  });

  if (!withPhoto(kindId)) {
    // Not in docs/spec.md §3: a backend that does not know the part ignores it; one that stores it answers as usual.
    it("submits a demand with the optional photo (multipart, public)", async () => {
      await pact
        .interaction(state("noDemandWithRegister", { kind: kindId, register: sample.register }))
        .uponReceiving(`a ${kindId} demand submission with the optional photo`)
        .withRequest("POST", kind.paths.submit, multipartBody(form, [photoPart]))
        .willRespondWith(M.matchStatus(201, HTTPResponseStatusClass.Success), (b) =>
          b.headers(JSON_ANSWER).jsonBody(submittedBody(kindId)),
        )
        .executeTest(async (server) => {
          useApi(server.url, null);
          const submitted = await submitDemand(kind, { ...form, photo: photoFile() });
          expect(submitted.code).toMatch(new RegExp(patterns.demandCode));
        });
    });

    it("validates a demand with its edited fields and the optional photo (multipart)", async () => {
      await pact
        .interaction(adminSignedIn, state("pendingDemand", { kind: kindId, id: sample.id }))
        .uponReceiving(`a full validation of a pending ${kindId} demand with the optional photo`)
        .withRequest("POST", kind.paths.validate(sample.id), (b) =>
          multipartBody(form, [photoPart])(b.headers(bearer())),
        )
        .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success), (b) =>
          b.headers(JSON_ANSWER).jsonBody(validatedBody(kindId)),
        )
        .executeTest(async (server) => {
          useApi(server.url);
          const validated = await validateDemand(kind, sample.id, { ...form, photo: photoFile() });
          expect(validated?.validated).toBe(true);
        });
    });
  }

  it("validates a demand as it is (simple validation)", async () => {
    await pact
      .interaction(adminSignedIn, state("pendingDemand", { kind: kindId, id: sample.id }))
      .uponReceiving(`a simple validation of a pending ${kindId} demand`)
      .withRequest("POST", kind.paths.validateSimple(sample.id), (b) => b.headers(bearer()))
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success), (b) =>
        b.headers(JSON_ANSWER).jsonBody(validatedBody(kindId)),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const validated = await validateDemandSimple(kind, sample.id);
        expect(validated?.validated).toBe(true);
      });
  });
});
