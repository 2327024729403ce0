/**
 * Assembles the pacts the consumer tests wrote (one folder per spec file under node_modules/.cache) into
 * contracts/, and checks that nothing drifted.
 *
 *   node scripts/contracts.ts check    # fails when contracts/ differs from what the tests generate
 *   node scripts/contracts.ts update   # writes contracts/ from the last consumer run
 *
 * The assembled file is a normal Pact V4 file: interactions sorted by description and provider states, JSON
 * pretty-printed, library versions (pact-js, pact core) kept out of the comparison so upgrading Pact alone does
 * not count as drift.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { CONTRACTS_DIR, PACT_OUT_DIR, ROOT } from "./lib/contracts-paths.ts";

interface Interaction {
  readonly description: string;
  readonly providerStates?: ReadonlyArray<{ readonly name: string; readonly params?: unknown }>;
  readonly [key: string]: unknown;
}
interface Pact {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: readonly Interaction[];
  readonly metadata: Record<string, unknown>;
}

const keyOf = (i: Interaction) => `${i.description} | ${(i.providerStates ?? []).map((s) => s.name).join(" & ")}`;

/** Keys sorted at every level, so the text does not depend on the order things were merged in. */
const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
        )
      : value;

const listJson = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? listJson(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
      )
    : [];

/** The generated pacts, merged per consumer–provider pair into the text contracts/ should hold. */
const generated = (): Map<string, string> => {
  const files = listJson(PACT_OUT_DIR);
  if (files.length === 0) {
    console.error(
      `No pacts under ${relative(ROOT, PACT_OUT_DIR)}: run the consumer tests first (npm run test:contract).`,
    );
    process.exit(2);
  }
  const pairs = new Map<string, { pact: Pact; interactions: Map<string, Interaction> }>();
  for (const file of files) {
    const pact = JSON.parse(readFileSync(file, "utf8")) as Pact;
    const name = `${pact.consumer.name}-${pact.provider.name}.json`;
    const pair = pairs.get(name) ?? { pact, interactions: new Map<string, Interaction>() };
    for (const interaction of pact.interactions) {
      const key = keyOf(interaction);
      const known = pair.interactions.get(key);
      if (known && JSON.stringify(sortKeys(known)) !== JSON.stringify(sortKeys(interaction))) {
        throw new Error(
          `Two different interactions named "${key}" (${relative(ROOT, file)}): give one another description.`,
        );
      }
      pair.interactions.set(key, interaction);
    }
    pairs.set(name, pair);
  }
  return new Map(
    [...pairs].map(([name, { pact, interactions }]) => {
      const specification = (pact.metadata.pactSpecification as { version?: string } | undefined)?.version ?? "4.0";
      const merged = {
        consumer: pact.consumer,
        provider: pact.provider,
        interactions: [...interactions.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b), "en")),
        metadata: { pactSpecification: { version: specification } },
      };
      return [name, `${JSON.stringify(sortKeys(merged), null, 2)}\n`];
    }),
  );
};

/** A committed file as compared: library versions dropped (they may differ after an upgrade). */
const comparable = (text: string): string => {
  const pact = JSON.parse(text) as Pact;
  const spec = (pact.metadata?.pactSpecification as { version?: string } | undefined)?.version;
  return JSON.stringify(sortKeys({ ...pact, metadata: { pactSpecification: { version: spec } } }), null, 2);
};

const describeDiff = (committed: string, fresh: string): string[] => {
  const index = (text: string) =>
    new Map((JSON.parse(text) as Pact).interactions.map((i) => [keyOf(i), JSON.stringify(sortKeys(i))]));
  const before = index(committed);
  const after = index(fresh);
  const lines: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) lines.push(`  + new interaction: ${key}`);
    else if (before.get(key) !== value) lines.push(`  ~ changed interaction: ${key}`);
  }
  for (const key of before.keys()) if (!after.has(key)) lines.push(`  - removed interaction: ${key}`);
  return lines.length > 0 ? lines : ["  (metadata or names changed)"];
};

const check = (): void => {
  const fresh = generated();
  const committed = existsSync(CONTRACTS_DIR) ? readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith(".json")) : [];
  const problems: string[] = [];
  for (const [name, text] of fresh) {
    const path = join(CONTRACTS_DIR, name);
    if (!existsSync(path)) {
      problems.push(`contracts/${name} is missing (the consumer tests generate it).`);
      continue;
    }
    const old = readFileSync(path, "utf8");
    if (comparable(old) !== comparable(text))
      problems.push(`contracts/${name} differs from what the consumer tests generate:`, ...describeDiff(old, text));
  }
  for (const name of committed)
    if (!fresh.has(name)) problems.push(`contracts/${name} is no longer generated by any consumer test.`);
  if (problems.length > 0) {
    console.error(
      [
        "API contract drift:",
        ...problems,
        "",
        "Run `npm run contracts:update` and review the diff of contracts/.",
      ].join("\n"),
    );
    process.exit(1);
  }
  const count = [...fresh.values()].reduce((n, t) => n + (JSON.parse(t) as Pact).interactions.length, 0);
  console.log(
    `contracts/ is up to date (${fresh.size} pact file${fresh.size === 1 ? "" : "s"}, ${count} interactions).`,
  );
};

const update = (): void => {
  const fresh = generated();
  mkdirSync(CONTRACTS_DIR, { recursive: true });
  for (const name of readdirSync(CONTRACTS_DIR))
    if (name.endsWith(".json") && !fresh.has(name)) rmSync(join(CONTRACTS_DIR, name));
  for (const [name, text] of fresh) writeFileSync(join(CONTRACTS_DIR, name), text);
  console.log(`Wrote ${[...fresh.keys()].map((n) => `contracts/${n}`).join(", ")}; review the diff.`);
};

const command = process.argv[2];
if (command === "check") check();
else if (command === "update") update();
else {
  console.error(`usage: node ${relative(ROOT, join(ROOT, "scripts", basename(import.meta.filename)))} check|update`);
  process.exit(2);
}
