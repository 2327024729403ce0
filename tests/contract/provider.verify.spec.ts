/**
 * Provider verification: the Pact Verifier replays every interaction of contracts/*.json (the specification's
 * contract and the extensions' one, each for its own provider name) against the demo backend (the same handlers Mirage runs in the browser) served over HTTP by scripts/lib/mock-api-server.ts,
 * with each provider state prepared in the demo database first (scripts/lib/provider-states.ts).
 *
 * The verifier runs once; each interaction is then its own test, named after it, so a failure says which
 * interaction broke and why.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Verifier } from "@pact-foundation/pact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACTS_DIR } from "../../scripts/lib/contracts-paths";
import { startMockApi, type MockApi } from "../../scripts/lib/mock-api-server";
import { setUpProviderState } from "../../scripts/lib/provider-states";
import { EXTENSIONS_PROVIDER, PROVIDER } from "./support/pact";
import { templateOf } from "../../scripts/lib/provider-state-templates";

interface PactFile {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: ReadonlyArray<{
    readonly description: string;
    readonly providerStates?: ReadonlyArray<{ readonly name: string }>;
  }>;
}

interface InteractionResult {
  readonly description: string;
  readonly providerStates?: readonly string[];
  readonly result: string;
  readonly mismatch?: {
    readonly mismatches?: ReadonlyArray<{
      readonly mismatch?: string;
      readonly path?: string;
      readonly key?: string;
      readonly type?: string;
    }>;
    readonly message?: string;
  };
}

const providers = [PROVIDER, EXTENSIONS_PROVIDER] as const;
const pacts = readdirSync(CONTRACTS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({
    file: join(CONTRACTS_DIR, f),
    pact: JSON.parse(readFileSync(join(CONTRACTS_DIR, f), "utf8")) as PactFile,
  }))
  .filter(({ pact }) => (providers as readonly string[]).includes(pact.provider.name));
const interactions = pacts.flatMap(({ pact }) =>
  pact.interactions.map((i) => ({ provider: pact.provider.name, consumer: pact.consumer.name, ...i })),
);
const stateNames = [...new Set(interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))];

let api: MockApi;
let results: Array<InteractionResult & { readonly provider: string }> = [];
let runError: string | null = null;

const parseResults = (raw: unknown): InteractionResult[] | null => {
  try {
    const json = JSON.parse(typeof raw === "string" ? raw : String(raw)) as {
      interactionResults?: InteractionResult[];
    };
    return json.interactionResults ?? null;
  } catch {
    return null;
  }
};

beforeAll(async () => {
  api = await startMockApi({ host: "127.0.0.1", port: 0 });
  const stateHandlers = Object.fromEntries(
    stateNames.map((name) => [
      name,
      async (params: unknown) => setUpProviderState(api, name, (params ?? {}) as Record<string, unknown>),
    ]),
  );
  // One run per provider name: the verifier checks the pacts written for the provider it is told it is.
  for (const provider of providers) {
    const pactUrls = pacts.filter(({ pact }) => pact.provider.name === provider).map(({ file }) => file);
    if (pactUrls.length === 0) continue;
    let found: InteractionResult[] = [];
    try {
      const output = await new Verifier({
        provider,
        providerBaseUrl: api.url,
        pactUrls,
        stateHandlers,
        beforeEach: async () => api.reset(),
        logLevel: "error",
      }).verifyProvider();
      found = parseResults(output) ?? [];
    } catch (error) {
      const parsed = parseResults(error instanceof Error ? error.message : error);
      if (parsed) found = parsed;
      else runError = error instanceof Error ? error.message : String(error);
    }
    results = [...results, ...found.map((r) => ({ ...r, provider }))];
  }
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe(`providers ${providers.join(" and ")} (demo backend) honour contracts/`, () => {
  it("has contracts to verify for both, and every provider state is known", () => {
    for (const provider of providers)
      expect(interactions.filter((i) => i.provider === provider).length).toBeGreaterThan(0);
    for (const name of stateNames) expect(() => templateOf(name)).not.toThrow();
  });

  it.each(
    interactions.map((i) => ({
      ...i,
      label: `${i.provider === EXTENSIONS_PROVIDER ? "[extension] " : ""}${i.description}${i.providerStates?.length ? ` (given ${i.providerStates.map((s) => s.name).join("; ")})` : ""}`,
    })),
  )("$label", ({ provider, description, providerStates }) => {
    if (runError) throw new Error(`the verifier did not run: ${runError}`);
    const states = (providerStates ?? []).map((s) => s.name);
    const result = results.find(
      (r) =>
        r.provider === provider &&
        r.description === description &&
        JSON.stringify(r.providerStates ?? []) === JSON.stringify(states),
    );
    if (!result) throw new Error(`no verification result for "${description}"`);
    if (result.result !== "OK") {
      const problems = (result.mismatch?.mismatches ?? []).map(
        (m) => `  - ${m.type ?? ""} ${m.path ?? m.key ?? ""}: ${m.mismatch ?? ""}`,
      );
      throw new Error(
        [
          `"${description}" failed verification against the demo backend:`,
          ...problems,
          result.mismatch?.message ?? "",
        ].join("\n"),
      );
    }
  });
});
