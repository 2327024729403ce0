// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  checkCard,
  exportAllCards,
  exportCards,
  getCard,
  getCardPdf,
  replaceCard,
  suspendCard,
  isApiError,
  listCards,
  listDemands,
  notifyPrint,
  submitDemand,
  validateDemandSimple,
  type FileBody,
} from "../api";
import { kinds, type AnyKind } from "../kinds";
import { demoCardToken } from "./index";
import { rejectionOf, seededForm, serveCardFonts, useDemoServer } from "./test-support";
import { pdfToText } from "./card-pdf/test-helpers";
import { parseCsv } from "../machines/export-excel";

const demo = useDemoServer();
beforeAll(() => serveCardFonts(demo.start()));
afterAll(() => demo.stop());
beforeEach(() => demo.signIn());

const bytesOf = async (file: FileBody) => new Uint8Array(await file.blob.arrayBuffer());
const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

describe.each(Object.values(kinds) as AnyKind[])("$id cards", (kind) => {
  it("lists 30 seeded cards, searchable by code or register, filtered by the kind's filter", async () => {
    const page = await listCards(kind);
    expect(page.count).toBe(30);
    const card = page.results[2];
    if (!card) throw new Error("no card");
    expect(card.code).toMatch(new RegExp(`^${kind.codePrefix}\\d{6}$`));
    expect(JSON.stringify(page)).not.toContain(demoCardToken(kind.id, card.id) ?? "missing token");
    expect((await listCards(kind, { search: card.code.toLowerCase() })).results.map((c) => c.id)).toEqual([card.id]);
    expect((await listCards(kind, { search: card.register })).results.map((c) => c.id)).toContain(card.id);
    expect((await listCards(kind, { search: card.firstname.toLowerCase() })).results.map((c) => c.id)).toContain(
      card.id,
    );
    const filterValue = demo.server.db.demandOfCard(demo.server.db.card(kind.id, card.id)!).fields[
      kind.cardFilter
    ] as number;
    const filtered = await listCards(kind, { filter: filterValue });
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.count).toBeLessThan(30);
    for (const c of filtered.results) {
      expect(demo.server.db.demandOfCard(demo.server.db.card(kind.id, c.id)!).fields[kind.cardFilter]).toBe(
        filterValue,
      );
    }
    expect(await getCard(kind, card.id)).toEqual(card);
  });

  it("serves the card PDF as binary", async () => {
    const card = (await listCards(kind)).results[0]!;
    const pdf = await getCardPdf(kind, card.id);
    expect(pdf.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode((await bytesOf(pdf)).slice(0, 5))).toBe("%PDF-");
    expect(pdf.fileName).toBe(`${card.code}.pdf`);
  });

  it("prints the validity end on the card PDF, and DUPLICATA N°1 on the first replacement (extension lifecycle)", async () => {
    const card = (await listCards(kind, { state: "active" })).results.at(-1)!;
    const day = (iso: string | null | undefined) => (iso ?? "").split("-").toReversed().join("/");
    const first = pdfToText(await bytesOf(await getCardPdf(kind, card.id)));
    expect(first).toContain(day(card.valid_until));
    expect(first).not.toContain("DUPLICATA");
    const replacement = await replaceCard(kind, card.id, { fee_amount: 0, payment_reference: "CASH-2", note: "" });
    const text = pdfToText(await bytesOf(await getCardPdf(kind, replacement.id)));
    expect(text).toContain("DUPLICATA N°1");
    expect(text).toContain(day(replacement.valid_until));
  });

  it("counts print notifications", async () => {
    const card = (await listCards(kind)).results[1]!;
    const before = card.print_count ?? 0;
    expect(await notifyPrint(kind, card.id)).toEqual({ print_count: before + 1 });
    expect(await notifyPrint(kind, card.id)).toEqual({ print_count: before + 2 });
    expect((await getCard(kind, card.id)).print_count).toBe(before + 2);
  });

  it("checks a card by its token (public) and answers 404 for an unknown token", async () => {
    const card = (await listCards(kind)).results[0]!;
    demo.setToken(null);
    const token = demoCardToken(kind.id, card.id)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const checked = await checkCard(kind, token);
    expect(checked).toMatchObject({ id: card.id, code: card.code, register: card.register, valid: card.valid });
    expect(checked.duration_year_str).toMatch(/^\d{4}\/\d{4}$/);
    const unknown = await rejectionOf(checkCard(kind, "AAAAAAAAAAAAAAAAAAAAAA"));
    expect(isApiError(unknown) && unknown.status).toBe(404);
    expect(isApiError(unknown) && unknown.content).toEqual({ detail: "Card not found." });
    const otherKind = Object.values(kinds).find((k) => k.id !== kind.id)!;
    expect(isApiError(await rejectionOf(checkCard(otherKind, token)))).toBe(true);
  });

  it("exports CSV with a BOM, a header and one row per card", async () => {
    const file = await exportCards(kind);
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.fileName).toBe(`cards-${kind.id}-${today()}.csv`);
    const bytes = await bytesOf(file);
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toContain("Code carte");
    expect(lines.length).toBe(1 + (await listCards(kind)).count);
    expect(lines[1]).toMatch(/\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}/);
    const filterValue = 1;
    const filtered = new TextDecoder()
      .decode(await bytesOf(await exportCards(kind, filterValue)))
      .trimEnd()
      .split("\r\n");
    expect(filtered.length).toBe(1 + (await listCards(kind, { filter: filterValue })).count);
  });
});

describe("exports", () => {
  it("exports each card's state, validity end and sequence (extension lifecycle)", async () => {
    const kind = kinds.teacher;
    const [card, other] = (await listCards(kind, { state: "active" })).results.slice(-3);
    await suspendCard(kind, other!.id, { reason: "stolen", note: "", reported_by_holder: false });
    const replacement = await replaceCard(kind, card!.id, { fee_amount: 2000, payment_reference: "MP-9", note: "" });
    const rows = parseCsv(new TextDecoder().decode(await bytesOf(await exportCards(kind))));
    const header = rows[0]!;
    const row = (code: string) => {
      const found = rows.find((r) => r[header.indexOf("Code carte")] === code)!;
      return ["Statut", "État", "Valide jusqu'au", "Séquence"].map((title) => found[header.indexOf(title)]);
    };
    const day = (iso: string | null | undefined) => (iso ?? "").split("-").toReversed().join("/");
    expect(row(card!.code)).toEqual(["Invalide", "Remplacée", day(card!.valid_until), "1"]);
    expect(row(replacement.code)).toEqual(["Valide", "Active", day(replacement.valid_until), "2"]);
    expect(row(other!.code)).toEqual(["Invalide", "Suspendue", day(other!.valid_until), "1"]);
  });

  it("lists the cards issued within a window of days (extension date-filter); a malformed day is a 400 on its field", async () => {
    const kind = kinds.student;
    const { id } = await submitDemand(kind, seededForm(demo.server.db, kind.id, "TODAY1"));
    await validateDemandSimple(kind, id);
    const all = (await listCards(kind)).count;
    // The seeded cards were issued on earlier days; today's are this one and any replacement an earlier test issued.
    const issuedToday = await listCards(kind, { issuedAfter: today(), issuedBefore: today() });
    expect(issuedToday.results.map((card) => card.register)).toContain("TODAY1");
    expect(issuedToday.count).toBeLessThan(all - 25);
    expect((await listCards(kind, { issuedAfter: "2000-01-01", issuedBefore: "2000-01-31" })).count).toBe(0);
    expect((await listCards(kind, { issuedBefore: today() })).count).toBe(all);
    const refused = await listCards(kind, { issuedAfter: "2026-02-31" }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.content).toEqual({ issued_after: ["Enter a valid date."] });
  });

  it("neutralises formula cells", async () => {
    const kind = kinds.staff;
    const form = seededForm(demo.server.db, kind.id, "EVIL1");
    const { id } = await submitDemand(kind, {
      ...form,
      allergies: '=HYPERLINK("http://x.example","y")',
      birth_place: "@SUM(A1)",
    });
    await validateDemandSimple(kind, id);
    const text = new TextDecoder().decode(await bytesOf(await exportCards(kind)));
    expect(text).toContain(`"'=HYPERLINK(""http://x.example"",""y"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("exports every kind in one file", async () => {
    const file = await exportAllCards();
    expect(file.fileName).toBe(`cards-all-${today()}.csv`);
    const lines = new TextDecoder()
      .decode(await bytesOf(file))
      .trimEnd()
      .split("\r\n");
    const counts = await Promise.all(Object.values(kinds).map(async (k) => (await listCards(k)).count));
    expect(lines.length).toBe(1 + counts.reduce((a, b) => a + b, 0));
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0]))).toEqual(
      new Set(["Étudiant", "Personnel", "Enseignant"]),
    );
  });

  it("keeps pending demands out of the card lists", async () => {
    const pending = (await listDemands(kinds.teacher)).results[0]!;
    const cards = await listCards(kinds.teacher, { search: pending.register });
    expect(cards.results.every((c) => c.register !== pending.register)).toBe(true);
  });
});
