// @vitest-environment node
import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardFonts } from "./fonts.ts";
import { qrMatrix, qrToRgba } from "./qr.ts";
import { renderCardPdf } from "./render.ts";
import { checkUrlFor, sampleCards } from "./samples.ts";
import { decodeQr, pdfToText, rasterizePage } from "./test-helpers.ts";
import type { CardFonts, CardPdfInput } from "./types.ts";
import { PNG } from "pngjs";
import { crc32, deflateSync } from "node:zlib";

let fonts: CardFonts;
beforeAll(async () => {
  fonts = await loadCardFonts();
});

const TOKEN = "a+b/c=d?e&f";
const card = (over: Partial<CardPdfInput> = {}): CardPdfInput => ({ ...sampleCards().student, ...over });

/** BaseFont names of every font dictionary in the document. */
const fontNames = (doc: PDFDocument): string[] =>
  doc.context
    .enumerateIndirectObjects()
    .flatMap(([, obj]) => (obj instanceof PDFDict && obj.get(PDFName.of("Type")) === PDFName.of("Font") ? [obj] : []))
    .map((dict) => dict.get(PDFName.of("BaseFont"))?.toString() ?? "");

describe("renderCardPdf", () => {
  it("produces two landscape ID-1 pages with the DejaVu font embedded as a subset", async () => {
    const pdf = await renderCardPdf(card(), { fonts });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect(width).toBeCloseTo(242.65, 2);
      expect(height).toBeCloseTo(153.01, 2);
      expect(width).toBeGreaterThan(height);
    }
    const names = fontNames(doc);
    expect(names.some((n) => n.includes("DejaVuSans-Bold"))).toBe(true);
    expect(names.some((n) => /DejaVuSans-\d/u.test(n) || n.endsWith("DejaVuSans"))).toBe(true);
    // A subset is far smaller than the 700 kB font files.
    expect(pdf.length).toBeLessThan(120_000);
  });

  it("prints the holder's accented names, apostrophes included, as extractable text", async () => {
    const names = [
      { lastname: "Ngoumou", firstname: "Éloïse" },
      { lastname: "Tchoupo-Ŋkeng", firstname: "Bèbè Ñama" },
      { lastname: "N’Dongo", firstname: "Marie-Ange d'Almeida" },
    ];
    for (const n of names) {
      const text = pdfToText(await renderCardPdf(card(n), { fonts }));
      expect(text).toContain(n.lastname.toLocaleUpperCase("fr"));
      expect(text).toContain(n.firstname);
    }
    const text = pdfToText(await renderCardPdf(sampleCards().teacher, { fonts }));
    for (const s of [
      "CARTE D’ENSEIGNANT",
      "TEACHER CARD",
      "E11207",
      "2025-2026",
      "PCTEA000058",
      "AB-",
      "Mbarga Rose",
      "Scannez pour vérifier",
    ])
      expect(text).toContain(s);
  });

  it("prints no validity stamp (validity changes; the check page says it), and the birth date", async () => {
    for (const valid of [true, false]) {
      const text = pdfToText(await renderCardPdf(card({ valid, birthDate: "15/06/1985" }), { fonts }));
      expect(text).not.toMatch(/VALIDE|INVALID/);
      expect(text).toContain("15/06/1985");
    }
  });

  it("with the lifecycle fields, prints the validity end in the footer and a replacement's DUPLICATA number", async () => {
    const text = async (over: Partial<CardPdfInput>) => pdfToText(await renderCardPdf(card(over), { fonts }));
    const replacement = await text({ validUntil: "30/09/2027", sequence: 2 });
    expect(replacement).toMatch(/VALIDE JUSQU’AU \/ VALID UNTIL/);
    expect(replacement).toContain("30/09/2027");
    // The first replacement is the first duplicate (src/api/duplicate-number.ts).
    expect(replacement).toContain("DUPLICATA N°1");
    expect(replacement).not.toContain("DUPLICATA N°2");
    expect(await text({ sequence: 3 })).toContain("DUPLICATA N°2");
    const first = await text({ validUntil: "30/09/2027", sequence: 1 });
    expect(first).toContain("30/09/2027");
    expect(first).not.toContain("DUPLICATA");
  });

  it("names the office a found card goes back to: the registry for students, the personnel office for staff and teachers", async () => {
    const cards = sampleCards();
    const finder = async (kind: keyof typeof cards) =>
      pdfToText(await renderCardPdf(cards[kind], { fonts }))
        .split("\n")
        .filter((line) => /Carte trouvée|Found this card/.test(line))
        .join(" ");
    expect(await finder("student")).toMatch(/remettez-la à la scolarité .*return it to the university registry/);
    for (const kind of ["staff", "teacher"] as const) {
      expect(await finder(kind)).toMatch(
        /remettez-la au service du personnel .*return it to the university personnel office/,
      );
    }
  });

  it("groups phone numbers for reading", async () => {
    expect(pdfToText(await renderCardPdf(card({ contactPhone: "671234567" }), { fonts }))).toContain("6 71 23 45 67");
    expect(pdfToText(await renderCardPdf(card({ contactPhone: "+237699112233" }), { fonts }))).toContain(
      "+237 6 99 11 22 33",
    );
  });

  it("has a glyph for every character of the tricky names (no .notdef boxes)", () => {
    const regular = fontkit.create(fonts.regular);
    const bold = fontkit.create(fonts.bold);
    for (const ch of "Ngoumou Éloïse Bèbè Ñama Tchoupo-Ŋkeng TCHOUPO-ŊKENG ’' « » – · … —")
      for (const f of [regular, bold]) expect(f.hasGlyphForCodePoint(ch.codePointAt(0) as number), ch).toBe(true);
  });

  it("puts the photo in as a JPEG or PNG image, and a silhouette when it is missing or unreadable", async () => {
    const images = async (c: CardPdfInput) => {
      const doc = await PDFDocument.load(await renderCardPdf(c, { fonts }));
      return doc.context
        .enumerateIndirectObjects()
        .flatMap(([, o]) =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") ? [o.dict] : [],
        );
    };
    expect(await images(card())).toHaveLength(1); // PNG sample portrait
    expect(await images(card({ photoBase64: null }))).toHaveLength(0);
    expect(await images(card({ photoBase64: "not base64 at all!" }))).toHaveLength(0);
    expect(await images(card({ photoBase64: "iVBORw0KGgoAAAAbroken" }))).toHaveLength(0);
    // Minimal JPEG header (SOI, SOF0 40×50 RGB, EOI): enough for pdf-lib, which embeds JPEG data as is.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x32, 0x00, 0x28, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff,
      0xd9,
    ]);
    const jpegImages = await images(
      card({ photoBase64: `data:image/jpeg;base64,${Buffer.from(jpeg).toString("base64")}` }),
    );
    expect(jpegImages).toHaveLength(1);
    expect(jpegImages[0]?.get(PDFName.of("Filter"))).toBe(PDFName.of("DCTDecode"));
  });

  it("leaves out a stored photo of more than 40 megapixels (a small file that would decode to gigabytes)", async () => {
    // A real PNG of 8000 × 5001 grey pixels: 40 MB once decoded, a few kilobytes compressed.
    const width = 8000;
    const height = 5001;
    const row = Buffer.alloc(width + 1);
    const raw = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), 8 + data.length);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 0, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", raw),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const doc = await PDFDocument.load(await renderCardPdf(card({ photoBase64: png.toString("base64") }), { fonts }));
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images).toHaveLength(0);
  });

  it("renders whatever the demand holds: 200,000 characters and reordering marks print as a bounded, isolated line", async () => {
    const pdf = await renderCardPdf(
      card({
        lastname: `\u202eNGANOU${"W".repeat(200_000)}`,
        allergies: "Pollen ".repeat(30_000),
        contactName: "A\u200b\u2066B\u2069",
      }),
      { fonts },
    );
    const text = pdfToText(pdf);
    expect(text).toContain("NGANOU");
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/u);
    expect(text).toContain("AB");
  });

  it("loads the fonts itself when none are passed", async () => {
    const doc = await PDFDocument.load(await renderCardPdf(card()));
    expect(doc.getPageCount()).toBe(2);
  });
});

describe("QR code", () => {
  const url = checkUrlFor("student", TOKEN);

  it("URL-encodes the token into the check URL", () => {
    expect(url).toBe("http://127.0.0.1:5173/check/student/card/a%2Bb%2Fc%3Dd%3Fe%26f");
  });

  it("is the same symbol the qrcode PNG renderer makes, and decodes to the exact URL", async () => {
    const m = qrMatrix(url, "Q");
    expect(decodeQr(qrToRgba(m))).toBe(url);
    const png = PNG.sync.read(
      await QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "Q", margin: 4, scale: 1 }),
    );
    expect(png.width).toBe(m.size + 8);
    for (let r = 0; r < m.size; r++)
      for (let c = 0; c < m.size; c++) expect(png.data[((r + 4) * png.width + c + 4) * 4]! < 128).toBe(m.isDark(r, c));
  });

  it("decodes from the rendered back page to the exact check URL", async () => {
    const pdf = await renderCardPdf(card({ checkUrl: url }), { fonts });
    expect(decodeQr(rasterizePage(pdf, 2, 300))).toBe(url);
    // The front page carries no QR code.
    expect(decodeQr(rasterizePage(pdf, 1, 150))).toBeNull();
  });

  it("still decodes a long URL at error-correction level H", async () => {
    const long = checkUrlFor("teacher", `${TOKEN}${"x".repeat(90)}`);
    const pdf = await renderCardPdf(card({ checkUrl: long }), { fonts, qrErrorCorrection: "H" });
    expect(decodeQr(rasterizePage(pdf, 2, 300))).toBe(long);
  });
});
