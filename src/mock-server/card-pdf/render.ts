/**
 * Card PDF renderer: two ID-1 pages (front, back) drawn with pdf-lib from the layout in `layout.ts`.
 * Runs unchanged in Node and in the browser; the only I/O (font bytes) lives in `fonts.ts` and is skipped when
 * the caller passes `options.fonts`.
 */
import { imagePixelSize, withinPixelLimit } from "../../forms/image-header.ts";
import { stillImage } from "../../forms/image-integrity.ts";
import fontkit from "@pdf-lib/fontkit";
import {
  clip,
  endPath,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from "pdf-lib";
import { loadCardFonts } from "./fonts.ts";
import { CARD_HEIGHT, CARD_WIDTH, layoutCard, roundedRectPath, type Box, type CardElement } from "./layout.ts";
import { qrRuns } from "./qr.ts";
import type { FontKey, Measure } from "./text.ts";
import { defaultUniversityName, kindThemes, palette, type Rgb } from "./theme.ts";
import type { CardFonts, CardPdfInput, CardPdfOptions } from "./types.ts";

type FontkitFont = ReturnType<typeof fontkit.create>;

// ---------------------------------------------------------------------------------------------------------------
// Font caches: parsing a 700 kB TTF is the expensive part of embedding, so parsed fonts are kept per byte array
// and handed to pdf-lib through a fontkit wrapper. Each document still gets its own subset.

const parsed = new WeakMap<Uint8Array, FontkitFont>();
const parse = (bytes: Uint8Array): FontkitFont => {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes);
    parsed.set(bytes, font);
  }
  return font;
};
const cachingFontkit = { create: (bytes: Uint8Array) => parse(bytes) } as unknown as typeof fontkit;

const measures = new WeakMap<Uint8Array, { bold: Uint8Array; measure: Measure }>();

/**
 * Text metrics for the given fonts, identical to what pdf-lib draws (sum of glyph advances after shaping),
 * memoised per string.
 */
export const createMeasure = (fonts: CardFonts): Measure => {
  const hit = measures.get(fonts.regular);
  if (hit && hit.bold === fonts.bold) return hit.measure;
  const faces = { regular: parse(fonts.regular), bold: parse(fonts.bold) };
  const memo = new Map<string, number>();
  const unitWidth = (text: string, key: FontKey): number => {
    const id = `${key}\u0000${text}`;
    let w = memo.get(id);
    if (w === undefined) {
      const face = faces[key];
      w = face.layout(text).glyphs.reduce((sum, g) => sum + g.advanceWidth, 0) / face.unitsPerEm;
      if (memo.size > 20_000) memo.clear();
      memo.set(id, w);
    }
    return w;
  };
  const face = faces.regular;
  const measure: Measure = {
    width: (text, key, size) => unitWidth(text, key) * size,
    ascent: face.ascent / face.unitsPerEm,
    descent: Math.abs(face.descent) / face.unitsPerEm,
  };
  measures.set(fonts.regular, { bold: fonts.bold, measure });
  return measure;
};

// ---------------------------------------------------------------------------------------------------------------
// Photo

const base64ToBytes = (b64: string): Uint8Array => {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Embeds a base64 JPEG or PNG (a data: prefix is tolerated); null when absent, unreadable or over the pixel limit. */
const embedPhoto = async (doc: PDFDocument, photoBase64: string | null): Promise<PDFImage | null> => {
  if (!photoBase64) return null;
  try {
    const bytes = base64ToBytes(photoBase64.replace(/^data:[^,]*,/u, "").replace(/\s+/gu, ""));
    // Decoding is the costly part: a picture over the pixel limit is left out before pdf-lib unpacks it.
    const size = imagePixelSize(bytes);
    if (!size || !withinPixelLimit(size)) return null;
    // Only the still image goes into the card (a photo stored before uploads were cleaned may carry more).
    const still = stillImage(bytes);
    if (!still.ok) return null;
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(still.bytes);
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
      return await doc.embedPng(still.bytes);
  } catch {
    // Fall through to the silhouette: a broken upload must not break the card.
  }
  return null;
};

// ---------------------------------------------------------------------------------------------------------------
// Drawing

const color = (c: Rgb) => rgb(c[0], c[1], c[2]);
const H = CARD_HEIGHT;

const clipTo = (page: PDFPage, b: Box): void => {
  page.pushOperators(pushGraphicsState(), rectangle(b.x, H - b.y - b.h, b.w, b.h), clip(), endPath());
};

const drawPhoto = (page: PDFPage, b: Box, image: PDFImage | null): void => {
  clipTo(page, b);
  if (image) {
    // Cover the frame; tall pictures are cropped mostly from the bottom so the face stays in view.
    const scale = Math.max(b.w / image.width, b.h / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    const top = b.y + (b.h - h) * 0.3;
    page.drawImage(image, { x: b.x + (b.w - w) / 2, y: H - top - h, width: w, height: h });
  } else {
    const cx = b.x + b.w / 2;
    page.drawRectangle({ x: b.x, y: H - b.y - b.h, width: b.w, height: b.h, color: color(palette.silhouetteBg) });
    page.drawEllipse({
      x: cx,
      y: H - (b.y + b.h * 1.04),
      xScale: b.w * 0.44,
      yScale: b.h * 0.4,
      color: color(palette.silhouette),
    });
    page.drawCircle({ x: cx, y: H - (b.y + b.h * 0.4), size: b.w * 0.2, color: color(palette.silhouette) });
  }
  page.pushOperators(popGraphicsState());
};

const draw = (page: PDFPage, el: CardElement, fonts: Record<FontKey, PDFFont>, photo: PDFImage | null): void => {
  switch (el.type) {
    case "rect": {
      const { box } = el;
      if (el.radius) {
        page.drawSvgPath(roundedRectPath(box, el.radius), {
          x: 0,
          y: H,
          ...(el.fill ? { color: color(el.fill) } : {}),
          ...(el.stroke ? { borderColor: color(el.stroke), borderWidth: el.strokeWidth ?? 0.5 } : {}),
          ...(el.opacity !== undefined ? { opacity: el.opacity } : {}),
        });
        return;
      }
      page.drawRectangle({
        x: box.x,
        y: H - box.y - box.h,
        width: box.w,
        height: box.h,
        ...(el.fill ? { color: color(el.fill) } : {}),
        ...(el.stroke ? { borderColor: color(el.stroke), borderWidth: el.strokeWidth ?? 0.5 } : {}),
        ...(el.opacity !== undefined ? { opacity: el.opacity } : {}),
      });
      return;
    }
    case "circle":
      page.drawCircle({
        x: el.cx,
        y: H - el.cy,
        size: el.r,
        ...(el.fill ? { color: color(el.fill) } : {}),
        ...(el.stroke ? { borderColor: color(el.stroke), borderWidth: el.strokeWidth ?? 0.5 } : {}),
        ...(el.opacity !== undefined ? { opacity: el.opacity } : {}),
      });
      return;
    case "path":
      page.drawSvgPath(el.d, {
        x: 0,
        y: H,
        color: color(el.fill),
        ...(el.opacity !== undefined ? { opacity: el.opacity } : {}),
      });
      return;
    case "text":
      page.drawText(el.text, {
        x: el.x,
        y: H - el.baseline,
        size: el.size,
        font: fonts[el.font],
        color: color(el.color),
      });
      return;
    case "photo":
      drawPhoto(page, el.box, photo);
      return;
    case "qr": {
      // One path of rectangles (a run of dark modules each), filled once: crisp at any zoom, no seams.
      const cell = Math.min(el.box.w, el.box.h) / el.matrix.size;
      const ops = qrRuns(el.matrix).map((r) =>
        rectangle(el.box.x + r.col * cell, H - el.box.y - (r.row + 1) * cell, r.length * cell, cell),
      );
      page.pushOperators(pushGraphicsState(), setFillingRgbColor(...el.color), ...ops, fill(), popGraphicsState());
      return;
    }
  }
};

/**
 * Renders the two-page card PDF (front, back; ID-1 landscape). Pure apart from `loadCardFonts()` when
 * `options.fonts` is not given.
 */
export const renderCardPdf = async (input: CardPdfInput, options: CardPdfOptions = {}): Promise<Uint8Array> => {
  const fontBytes = options.fonts ?? (await loadCardFonts());
  const university = options.universityName ?? defaultUniversityName;
  const theme = kindThemes[input.kind];

  const doc = await PDFDocument.create();
  doc.registerFontkit(cachingFontkit);
  const fonts: Record<FontKey, PDFFont> = {
    regular: await doc.embedFont(fontBytes.regular, { subset: true }),
    bold: await doc.embedFont(fontBytes.bold, { subset: true }),
  };
  const photo = await embedPhoto(doc, input.photoBase64);

  doc.setTitle(`${theme.title.fr} / ${theme.title.en} ${input.code}`);
  doc.setSubject(`${input.lastname} ${input.firstname}`.trim());
  doc.setAuthor(`${university.fr} / ${university.en}`);
  doc.setCreator("campus-card");
  doc.setProducer("campus-card card-pdf (pdf-lib)");
  doc.setLanguage("fr-CM");

  const layout = layoutCard(input, createMeasure(fontBytes), {
    universityName: university,
    qrErrorCorrection: options.qrErrorCorrection ?? "Q",
  });
  for (const side of [layout.front, layout.back]) {
    const page = doc.addPage([CARD_WIDTH, CARD_HEIGHT]);
    for (const el of side) draw(page, el, fonts, photo);
  }
  return doc.save();
};
