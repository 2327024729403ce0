/**
 * `npm run cards:sample -- --out <dir>`: writes the PDFs (front and back pages, with their QR codes) of the demo
 * seed's first PCSTUD, PCPER and PCTEA cards — the very cards the demo backend serves — for trainers and for
 * reviewing the design.
 *   node scripts/cards-sample.ts --out /tmp/cards [--origin http://127.0.0.1:5173] [--count 1] [--stress]
 * Without --out the files go to $TMPDIR/campus-cards. --origin is the site the QR codes point at.
 * --stress also writes an over-long, photo-less, invalid card to check shrinking and wrapping.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadCardFonts } from "../src/mock-server/card-pdf/fonts.ts";
import { renderCardPdf } from "../src/mock-server/card-pdf/render.ts";
import { DEFAULT_SAMPLE_ORIGIN, stressCard } from "../src/mock-server/card-pdf/samples.ts";
import { registerTsHooks } from "./lib/ts-hooks.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: join(tmpdir(), "campus-cards") },
    origin: { type: "string", default: DEFAULT_SAMPLE_ORIGIN },
    count: { type: "string", default: "1" },
    stress: { type: "boolean", default: false },
  },
});
registerTsHooks();
const { createDemoBackend } = await import("../src/mock-server/index.ts");
const { toCardPdfInput } = await import("../src/mock-server/card-input.ts");
const { UNIVERSITY } = await import("../src/mock-server/reference-data.ts");
const { kinds } = await import("../src/kinds/index.ts");
const outDir = resolve(values.out);
await mkdir(outDir, { recursive: true });

const fonts = await loadCardFonts();
const { db } = createDemoBackend();
const count = Math.max(1, Number(values.count) || 1);
const cards = Object.values(kinds).flatMap((kind) =>
  db
    .cards(kind.id)
    .filter((card) => card.valid)
    .slice(0, count)
    .map((card) => toCardPdfInput(db, kind, card, values.origin)),
);
if (values.stress) cards.push(stressCard(values.origin));
for (const card of cards) {
  const name = values.stress && card.photoBase64 === null ? `${card.kind}-stress.pdf` : `${card.kind}-${card.code}.pdf`;
  const bytes = await renderCardPdf(card, { fonts, universityName: UNIVERSITY });
  await writeFile(resolve(outDir, name), bytes);
  console.log(`${resolve(outDir, name)}  ${(bytes.length / 1024).toFixed(1)} kB  ${card.checkUrl}`);
}
