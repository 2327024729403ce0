/**
 * Card PDF timings: the first card (cold: font load, font parse, JIT), the same card again (warm), then a batch
 * of varied cards (all three kinds, distinct names and codes).
 *   node scripts/bench-pdf.ts [--count 500]
 * Exits non-zero when the warm card or the batch's 95th percentile is over the budget.
 */
import { parseArgs } from "node:util";
import { loadCardFonts } from "../src/mock-server/card-pdf/fonts.ts";
import { renderCardPdf } from "../src/mock-server/card-pdf/render.ts";
import { sampleCards } from "../src/mock-server/card-pdf/samples.ts";

const BUDGET_WARM_MS = 150;
const { values } = parseArgs({ options: { count: { type: "string", default: "500" } } });
const count = Math.max(1, Number(values.count) || 500);
const cards = Object.values(sampleCards());
const first = cards[0]!;

const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

const cold = await timed(async () => renderCardPdf(first, { fonts: await loadCardFonts() }));
const fonts = await loadCardFonts();
const warm = await timed(() => renderCardPdf(first, { fonts }));

const times: number[] = [];
let bytes = 0;
const batchStart = performance.now();
for (let i = 0; i < count; i++) {
  const card = cards[i % cards.length]!;
  const t = performance.now();
  const pdf = await renderCardPdf({ ...card, code: `${card.code}-${i}`, lastname: `${card.lastname} ${i}` }, { fonts });
  times.push(performance.now() - t);
  bytes += pdf.length;
}
const batch = performance.now() - batchStart;
times.sort((a, b) => a - b);
const pct = (p: number): number => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;

const f = (n: number): string => n.toFixed(1).padStart(7);
console.log(`cold   1 card (font load + parse) ${f(cold)} ms`);
console.log(`warm   1 card                     ${f(warm)} ms`);
console.log(
  `batch  ${String(count).padEnd(4)} cards                ${f(batch / count)} ms/card  (total ${(batch / 1000).toFixed(2)} s, p50 ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}, max ${pct(100).toFixed(1)} ms; ${(bytes / count / 1024).toFixed(1)} kB/card)`,
);
const ok = warm <= BUDGET_WARM_MS && pct(95) <= BUDGET_WARM_MS;
console.log(ok ? `within budget (warm ≤ ${BUDGET_WARM_MS} ms)` : `OVER BUDGET (warm > ${BUDGET_WARM_MS} ms)`);
process.exitCode = ok ? 0 : 1;
