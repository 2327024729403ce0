import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lighthousePart } from "../../scripts/lib/bench-lighthouse";
import type { LighthouseRun } from "../../scripts/lib/bench-pages";

/** A build's assets: the landing's script and a chunk of the demo backend. */
const dist = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "assets", "index-a1.js"), "console.log('landing');".repeat(200));
writeFileSync(join(dist, "assets", "demo-b2.js"), "class Server { name = 'Mirage: the demo backend' }");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const CHECK = "http://app.test/check/student/card/T1";
/** What Lighthouse would answer for each address: the check page scores 100 and paints its verdict at 1,600 ms. */
const runs = (scripts: Record<string, string[]> = {}) => {
  const asked: string[] = [];
  const run = async (_port: number, url: string): Promise<LighthouseRun> => {
    asked.push(url);
    const lcpMs = url === "http://floor.test/" ? 750 : url.includes("#") ? 1900 : 1600 + asked.length;
    return {
      performance: url.endsWith("/verify") ? 91 : 100,
      lcpMs,
      benchmarkIndex: 2500,
      scripts: scripts[url] ?? [],
    };
  };
  return { run, asked };
};

const part = (run: ReturnType<typeof runs>["run"]) =>
  lighthousePart({
    port: 0,
    dist,
    pages: [
      { shown: "/", url: "http://app.test/" },
      { shown: "/verify", url: "http://signed.test/verify" },
      { shown: "/check/student/card/<token>", url: CHECK },
    ],
    check: { floorUrl: "http://floor.test/", signedUrl: `${CHECK}#v1.signed`, plainUrl: CHECK },
    run,
  });

describe("the bench's Lighthouse part", () => {
  it("runs each page once per round, the check page scored and timed in runs of their own", async () => {
    const { run, asked } = runs({ "http://app.test/": ["index-a1.js"] });
    const lighthouse = part(run);
    for (let round = 0; round < 5; round++) await lighthouse.round();
    expect(asked).toHaveLength(5 * 6);
    const rows = new Map(lighthouse.rows().map((row) => [row.what, row]));
    expect(rows.get("/check/student/card/<token>: Lighthouse performance at 4×, median")?.runs).toHaveLength(5);
    expect(rows.get("/verify: Lighthouse performance at 4×, median")).toMatchObject({ figure: 91, holds: false });
    const plain = rows.get("check page without a fragment: LCP at 4×, worst");
    expect(plain?.runs).toHaveLength(5);
    expect(plain).toMatchObject({ budget: "≤ 2 × floor = 1500 ms", holds: false });
    expect(plain?.beside).toBe("floor: the no-script verdict page, LCP 750 ms (worst of 5)");
    expect(rows.get("check page with a signed fragment: LCP at 4×, worst")).toMatchObject({ figure: 1900 });
    expect(rows.get("live mode loads no miragejs, pdf-lib or fontkit")).toMatchObject({ figure: 0, holds: true });
    expect(rows.get("/: first-load script, gzip -9")?.figure).toBeGreaterThan(0);
  });

  it("fails live mode when a public page loads a chunk of the demo backend", async () => {
    const lighthouse = part(runs({ "http://signed.test/verify": ["demo-b2.js"] }).run);
    await lighthouse.round();
    const rows = new Map(lighthouse.rows().map((row) => [row.what, row]));
    expect(rows.get("live mode loads no miragejs, pdf-lib or fontkit")).toMatchObject({ figure: 1, holds: false });
  });
});
