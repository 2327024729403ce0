/**
 * Contract of src/api/endpoints/cards.ts for each kind (student, staff, teacher): list with the kind's filter
 * (faculty or service), detail, PDF, print notice, export (CSV), public check by token and an unknown token.
 */
import { HTTPResponseStatusClass, MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError, checkCard, exportCards, getCard, getCardPdf, listCards, notifyPrint } from "../../src/api";
import { kindIds } from "../../src/api/kind-ids";
import { kinds } from "../../src/kinds";
import * as fx from "../fixtures/entities";
import { JSON_ANSWER, JSON_REQUEST, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";
import { cardBody, cardSamples, checkBody } from "./support/examples";
import { csvAnswer, pdfAnswer } from "./support/files";

const pact = newPact("cards");

describe.each(kindIds)("%s cards", (kindId) => {
  const kind = kinds[kindId];
  const card = cardSamples[kindId];
  const filter = { filter: kind.cardFilter, value: 1 } as const;

  it(`lists the cards of one ${kind.cardFilter}`, async () => {
    await pact
      .interaction(adminSignedIn, state("onlyCardOf", { kind: kindId, ...filter }))
      .uponReceiving(`a request for the ${kindId} cards of one ${kind.cardFilter}`)
      .withRequest("GET", kind.paths.cards, (b) =>
        b.headers(bearer()).query({ [kind.cardFilter]: String(filter.value) }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_ANSWER)
          .jsonBody({ count: M.integer(1), results: M.eachLike(cardBody(kindId)), next: null, previous: null }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const page = await listCards(kind, { filter: filter.value });
        expect(page.count).toBe(page.results.length);
      });
  });

  it("reads one card", async () => {
    await pact
      .interaction(adminSignedIn, state("card", { kind: kindId, id: card.id }))
      .uponReceiving(`a request for a ${kindId} card`)
      .withRequest("GET", kind.paths.card(card.id), (b) => b.headers(bearer()))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(cardBody(kindId)))
      .executeTest(async (server) => {
        useApi(server.url);
        const read = await getCard(kind, card.id);
        expect(read.code.startsWith(kind.codePrefix)).toBe(true);
      });
  });

  it("downloads the card as a PDF", async () => {
    await pact
      .interaction(adminSignedIn, state("card", { kind: kindId, id: card.id }))
      .uponReceiving(`a request for the PDF of a ${kindId} card`)
      .withRequest("GET", kind.paths.cardPdf(card.id), (b) => b.headers(bearer()))
      .willRespondWith(200, pdfAnswer())
      .executeTest(async (server) => {
        useApi(server.url);
        const file = await getCardPdf(kind, card.id);
        expect(file.contentType).toBe("application/pdf");
        const head = new TextDecoder().decode(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 5));
        expect(head).toBe("%PDF-");
      });
  });

  it("notifies that the card was printed", async () => {
    await pact
      .interaction(adminSignedIn, state("card", { kind: kindId, id: card.id }))
      .uponReceiving(`a print notice of a ${kindId} card`)
      .withRequest("POST", kind.paths.notifyPrint(card.id), (b) => b.headers(bearer()))
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success), (b) =>
        b.headers(JSON_ANSWER).jsonBody({ print_count: M.integer(2) }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const answer = await notifyPrint(kind, card.id);
        expect(answer.print_count).toEqual(expect.any(Number));
      });
  });

  it(`exports the cards of one ${kind.cardFilter} as a CSV file`, async () => {
    await pact
      .interaction(adminSignedIn, state("cardOf", { kind: kindId, ...filter }))
      .uponReceiving(`an export of the ${kindId} cards of one ${kind.cardFilter}`)
      .withRequest("GET", kind.paths.exportCards, (b) =>
        b.headers(bearer()).query({ [kind.cardFilter]: String(filter.value) }),
      )
      .willRespondWith(200, csvAnswer(kindId))
      .executeTest(async (server) => {
        useApi(server.url);
        const file = await exportCards(kind, filter.value);
        expect(file.contentType).toMatch(/^text\/csv/);
        expect(file.blob.size).toBeGreaterThan(0);
      });
  });

  it("checks a card by the token of its QR code (public)", async () => {
    await pact
      .interaction(state("cardWithToken", { kind: kindId, token: fx.cardToken }))
      .uponReceiving(`a public check of a ${kindId} card by its token`)
      .withRequest("POST", kind.paths.checkCard, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ tokenCard: M.like(encodeURIComponent(fx.cardToken)) }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(checkBody(kindId)))
      .executeTest(async (server) => {
        useApi(server.url, null);
        const checked = await checkCard(kind, fx.cardToken);
        expect(checked.valid).toEqual(expect.any(Boolean));
      });
  });

  it("answers 404 to an unknown card token: NotFound", async () => {
    const unknown = "unknown-card-token-0000";
    await pact
      .interaction(state("noCardWithToken", { kind: kindId, token: unknown }))
      .uponReceiving(`a public check of a ${kindId} card with an unknown token`)
      .withRequest("POST", kind.paths.checkCard, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ tokenCard: M.like(unknown) }),
      )
      .willRespondWith(404)
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(checkCard(kind, unknown));
        expect((error as ApiError).kind).toBe("notFound");
      });
  });
});
