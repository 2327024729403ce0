/**
 * `npm test`: every stage, in two lanes run side by side, then the time each stage took (docs/testing.md's
 * stage times come from this table). The Node lane (types, lint, knip, Vitest, Pact) runs beside the browser
 * lane (two Playwright workers, mostly waiting on Chromium); its output is printed in one piece when it ends.
 * A lane stops at its first failing stage; the command fails if any stage failed. First, the Debian packages the
 * tests need (scripts/lib/system-packages.ts): installed when run as root, else named, and nothing runs.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { ensureSystemPackages, thisMachine } from "./lib/system-packages.ts";

interface Stage {
  readonly name: string;
  readonly script: string;
  readonly args?: readonly string[];
}

const lanes: ReadonlyArray<{ readonly name: string; readonly buffered: boolean; readonly stages: readonly Stage[] }> = [
  {
    name: "node",
    buffered: true,
    stages: [
      { name: "types (tsc)", script: "typecheck" },
      { name: "lint (oxlint, type-aware)", script: "lint" },
      { name: "format (oxfmt --check)", script: "format:check" },
      { name: "unused files, exports, deps (knip)", script: "knip" },
      // Every core, not Vitest's default of one less: the browser lane beside it waits on Chromium part of the time.
      // On two cores, fresh clones: 598.5 s for the whole suite with one worker, 587.0 s with two.
      {
        name: "unit, component, property (Vitest)",
        script: "test:unit",
        args: [`--maxWorkers=${availableParallelism()}`],
      },
      { name: "contract: consumer, drift, provider (Pact)", script: "test:contract" },
    ],
  },
  { name: "browser", buffered: false, stages: [{ name: "browser: build + Playwright", script: "test:e2e" }] },
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1).padStart(6);

const runStage = (stage: Stage, buffered: boolean, output: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(npm, ["run", "--silent", stage.script, ...(stage.args ? ["--", ...stage.args] : [])], {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("close", (code) => resolve(code ?? 1));
  });

if (!ensureSystemPackages(thisMachine())) process.exit(1);

const started = performance.now();
const results = await Promise.all(
  lanes.map(async (lane) => {
    const times: string[] = [];
    let failed: string | null = null;
    for (const stage of lane.stages) {
      const output: string[] = [];
      const t0 = performance.now();
      const code = await runStage(stage, lane.buffered, output);
      times.push(`${stage.name.padEnd(46)} ${seconds(t0)} s`);
      if (lane.buffered) process.stdout.write(`\n── ${stage.name} (${lane.name} lane) ──\n${output.join("")}`);
      if (code !== 0) {
        failed = stage.name;
        break;
      }
    }
    return { times, failed };
  }),
);

console.log(`\nTest stages, lanes side by side (${new Date().toISOString()}):`);
for (const { times } of results) console.log(times.join("\n"));
console.log(`${"total (wall clock)".padEnd(46)} ${seconds(started)} s`);
const failures = results.flatMap((r) => (r.failed ? [r.failed] : []));
if (failures.length > 0) {
  console.error(`\nFAILED: ${failures.join(", ")}`);
  process.exit(1);
}
