/**
 * Provider verification: the Pact Verifier replays every interaction of contracts/*.json against the demo
 * backend (the same handlers Mirage runs in the browser) served over HTTP by scripts/lib/mock-api-server.ts,
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
import { PROVIDER } from "./support/pact";
import { templateOf } from "../../scripts/lib/provider-state-templates";

interface PactFile {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: ReadonlyArray<{ readonly description: string; readonly providerStates?: ReadonlyArray<{ readonly name: string }> }>;
}

interface InteractionResult {
  readonly description: string;
  readonly providerStates?: readonly string[];
  readonly result: string;
  readonly mismatch?: { readonly mismatches?: ReadonlyArray<{ readonly mismatch?: string; readonly path?: string; readonly key?: string; readonly type?: string }>; readonly message?: string };
}

const files = readdirSync(CONTRACTS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => join(CONTRACTS_DIR, f));
const pacts = files.map((f) => JSON.parse(readFileSync(f, "utf8")) as PactFile).filter((p) => p.provider.name === PROVIDER);
const interactions = pacts.flatMap((p) => p.interactions.map((i) => ({ consumer: p.consumer.name, ...i })));
const stateNames = [...new Set(interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))];

let api: MockApi;
let results: InteractionResult[] = [];
let runError: string | null = null;

const parseResults = (raw: unknown): InteractionResult[] | null => {
  try {
    const json = JSON.parse(typeof raw === "string" ? raw : String(raw)) as { interactionResults?: InteractionResult[] };
    return json.interactionResults ?? null;
  } catch {
    return null;
  }
};

beforeAll(async () => {
  api = await startMockApi({ host: "127.0.0.1", port: 0 });
  const stateHandlers = Object.fromEntries(
    stateNames.map((name) => [name, async (params: unknown) => setUpProviderState(api, name, (params ?? {}) as Record<string, unknown>)]),
  );
  try {
    const output = await new Verifier({
      provider: PROVIDER,
      providerBaseUrl: api.url,
      pactUrls: files,
      stateHandlers,
      beforeEach: async () => api.reset(),
      logLevel: "error",
    }).verifyProvider();
    results = parseResults(output) ?? [];
  } catch (error) {
    const parsed = parseResults(error instanceof Error ? error.message : error);
    if (parsed) results = parsed;
    else runError = error instanceof Error ? error.message : String(error);
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe(`provider ${PROVIDER} (demo backend) honours contracts/`, () => {
  it("has contracts to verify, and every provider state is known", () => {
    expect(interactions.length).toBeGreaterThan(0);
    for (const name of stateNames) expect(() => templateOf(name)).not.toThrow();
  });

  it.each(interactions.map((i) => ({ ...i, label: `${i.description}${i.providerStates?.length ? ` (given ${i.providerStates.map((s) => s.name).join("; ")})` : ""}` })))(
    "$label",
    ({ description, providerStates }) => {
      if (runError) throw new Error(`the verifier did not run: ${runError}`);
      const states = (providerStates ?? []).map((s) => s.name);
      const result = results.find((r) => r.description === description && JSON.stringify(r.providerStates ?? []) === JSON.stringify(states));
      if (!result) throw new Error(`no verification result for "${description}"`);
      if (result.result !== "OK") {
        const problems = (result.mismatch?.mismatches ?? []).map((m) => `  - ${m.type ?? ""} ${m.path ?? m.key ?? ""}: ${m.mismatch ?? ""}`);
        throw new Error([`"${description}" failed verification against the demo backend:`, ...problems, result.mismatch?.message ?? ""].join("\n"));
      }
    },
  );
});
