/**
 * Writes sample card PDFs (one per kind, front and back pages) for visual checks.
 *   node scripts/cards-sample.ts --out /tmp/cards [--origin http://127.0.0.1:5173] [--stress]
 * Without --out the files go to $TMPDIR/campus-cards.
 * --stress also writes an over-long, photo-less, invalid card to check shrinking and wrapping.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadCardFonts } from "../src/mock-server/card-pdf/fonts.ts";
import { renderCardPdf } from "../src/mock-server/card-pdf/render.ts";
import { DEFAULT_SAMPLE_ORIGIN, sampleCards, stressCard } from "../src/mock-server/card-pdf/samples.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: join(tmpdir(), "campus-cards") },
    origin: { type: "string", default: DEFAULT_SAMPLE_ORIGIN },
    stress: { type: "boolean", default: false },
  },
});
const outDir = resolve(values.out);
await mkdir(outDir, { recursive: true });

const fonts = await loadCardFonts();
const cards = Object.values(sampleCards(values.origin));
if (values.stress) cards.push(stressCard(values.origin));
for (const card of cards) {
  const name = values.stress && card.photoBase64 === null ? `${card.kind}-stress.pdf` : `${card.kind}-${card.code}.pdf`;
  const bytes = await renderCardPdf(card, { fonts });
  await writeFile(resolve(outDir, name), bytes);
  console.log(`${resolve(outDir, name)}  ${(bytes.length / 1024).toFixed(1)} kB  ${card.checkUrl}`);
}
