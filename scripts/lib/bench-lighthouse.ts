/**
 * The bench's Lighthouse part (scripts/bench.ts): each public page's performance score at the standard 4×, the first
 * load's script size, no demo code in live mode, and the check page's LCP against the no-script verdict page of the
 * same run (scripts/lib/bench-floor.ts). One Lighthouse run of each per round, so that a page's runs are spread
 * through the bench's run like every other figure's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { budgets } from "./bench-budgets.ts";
import { lighthouseRun, type LighthouseRun } from "./bench-pages.ts";
import { medianOf, worstOf, type Row } from "./bench-report.ts";

export interface LighthousePart {
  /** One Lighthouse run of each page, the floor and the two check pages. */
  readonly round: () => Promise<void>;
  /** The rows once every round is done. */
  readonly rows: () => Row[];
  /** The benchmarkIndex Lighthouse read at each of its runs (wall time). */
  readonly indexes: () => number[];
}

export interface LighthousePages {
  readonly port: number;
  /** The built app's folder (its assets' sizes, its demo-only chunks). */
  readonly dist: string;
  /** Public pages: what the row calls each and the address Lighthouse opens. */
  readonly pages: readonly { readonly shown: string; readonly url: string }[];
  /** The check page's LCP rows with their floor, or null when the check page is not picked. */
  readonly check: {
    readonly floorUrl: string;
    readonly signedUrl: string;
    readonly plainUrl: string;
  } | null;
  /** One Lighthouse run of a page (tests give their own). */
  readonly run?: (port: number, url: string) => Promise<LighthouseRun>;
}

/** The build's chunks that hold demo-only code (Mirage and its server, pdf-lib, fontkit). */
const demoChunksOf = (dist: string) =>
  new Set(
    readdirSync(join(dist, "assets")).filter(
      (file) =>
        file.endsWith(".js") &&
        [/pretender/, /Mirage:/, /FlateDecode/, /fontkit/i].some((marker) =>
          marker.test(readFileSync(join(dist, "assets", file), "utf8")),
        ),
    ),
  );

export const lighthousePart = ({ port, dist, pages, check, run = lighthouseRun }: LighthousePages): LighthousePart => {
  // By what each run is for: the check page without a fragment is both scored and timed, in runs of their own.
  const runs = new Map<string, LighthouseRun[]>();
  const measured = new Map([
    ...pages.map(({ shown, url }) => [shown, url] as const),
    ...(check
      ? ([
          ["floor", check.floorUrl],
          ["signed", check.signedUrl],
          ["plain", check.plainUrl],
        ] as const)
      : []),
  ]);
  const runsOf = (what: string) => runs.get(what) ?? [];
  const gzipKb = (names: readonly string[]) =>
    names.reduce((sum, name) => sum + gzipSync(readFileSync(join(dist, "assets", name)), { level: 9 }).length, 0) /
    1024;

  const rows = (): Row[] => {
    const demoChunks = demoChunksOf(dist);
    const scoreRows = pages.flatMap(({ shown }): Row[] => {
      const scores = runsOf(shown).map((r) => r.performance);
      const median = medianOf(scores);
      const score: Row = {
        what: `${shown}: Lighthouse performance at 4×, median`,
        runs: scores,
        figure: median,
        budget: `≥ ${budgets.performance}`,
        holds: median >= budgets.performance,
      };
      if (shown !== "/") return [score];
      const kb = Math.max(...runsOf(shown).map((r) => gzipKb(r.scripts)));
      return [
        score,
        {
          what: "/: first-load script, gzip -9",
          runs: [],
          figure: Number(kb.toFixed(1)),
          budget: `≤ ${budgets.firstLoadKb} KB`,
          holds: kb <= budgets.firstLoadKb,
        },
      ];
    });
    const demoBytes = pages.some(({ shown }) => runsOf(shown).some((r) => r.scripts.some((n) => demoChunks.has(n))));
    const demoRow: Row = {
      what: "live mode loads no miragejs, pdf-lib or fontkit",
      runs: [],
      figure: demoBytes ? 1 : 0,
      budget: "none",
      holds: !demoBytes,
    };
    if (!check) return [...scoreRows, demoRow];
    const floorLcp = worstOf(runsOf("floor").map((r) => r.lcpMs));
    const lcpRows = (
      [
        ["check page with a signed fragment: LCP at 4×, worst", "signed", budgets.signedCheckLcp],
        ["check page without a fragment: LCP at 4×, worst", "plain", budgets.plainCheckLcp],
      ] as const
    ).map(([what, key, multiple]): Row => {
      const lcps = runsOf(key).map((r) => r.lcpMs);
      const limit = Math.round(floorLcp * multiple);
      return {
        what,
        runs: lcps,
        figure: worstOf(lcps),
        budget: `≤ ${multiple} × floor = ${limit} ms`,
        holds: worstOf(lcps) <= limit,
        beside: `floor: the no-script verdict page, LCP ${floorLcp} ms (worst of ${runsOf("floor").length})`,
      };
    });
    return [...scoreRows, demoRow, ...lcpRows];
  };

  return {
    round: async () => {
      for (const [what, url] of measured) runs.set(what, [...runsOf(what), await run(port, url)]);
    },
    rows,
    indexes: () => [...runs.values()].flat().map((r) => r.benchmarkIndex),
  };
};
