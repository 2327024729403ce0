/**
 * Shared pieces of the Pact consumer tests: the pact under test, pointing the real `src/api` client at the Pact
 * mock server, and the headers every call carries.
 */
import { join } from "node:path";
import { MatchersV3 as M, PactV4, SpecificationVersion } from "@pact-foundation/pact";
import type { V4UnconfiguredInteraction } from "@pact-foundation/pact/src/v4/http/types";
import { vi } from "vitest";
import { configureApi } from "../../../src/api";
import { state, type ProviderState } from "../../../scripts/lib/provider-state-templates";
import { PACT_OUT_DIR } from "../../../scripts/lib/contracts-paths";

export const CONSUMER = "campus-card-web";
export const PROVIDER = "campus-card-api";
/**
 * The backend extensions (docs/extensions.md) are a contract of their own (contracts/campus-card-web-campus-card-api-
 * extensions.json): a backend that offers none honours the specification's file and is done.
 */
export const EXTENSIONS_PROVIDER = "campus-card-api-extensions";

/** The signed-in administrator every protected example uses (a provider state makes the token valid). */
export const ADMIN = { id: 1, username: "admin", token: "contract-admin-token" } as const;
export const adminSignedIn = state("adminSignedIn", ADMIN);
/** A signed-in agent (group Agent), for what only administrators may do. */
export const AGENT = { id: 8, username: "agent8", token: "contract-agent-token" } as const;

/** `given` for every state, in order. */
const given = (interaction: V4UnconfiguredInteraction, ...states: ProviderState[]): V4UnconfiguredInteraction =>
  states.reduce((i, s) => i.given(s.name, s.params as Record<string, string | number>), interaction);

/** A spec file's pact: `interaction(...states)` starts an interaction given those provider states, in order. */
export interface ConsumerPact {
  readonly interaction: (...states: ProviderState[]) => V4UnconfiguredInteraction;
}

/**
 * One pact per spec file, written to its own folder under the output directory (no two processes ever merge
 * into the same file); scripts/contracts.ts assembles them into contracts/ (the specification's, or the
 * extensions' one).
 */
export const newPact = (module: string, contract: "spec" | "extensions" = "spec"): ConsumerPact => {
  const pact = new PactV4({
    consumer: CONSUMER,
    provider: contract === "extensions" ? EXTENSIONS_PROVIDER : PROVIDER,
    dir: join(PACT_OUT_DIR, module),
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: "error",
  });
  return { interaction: (...states) => given(pact.addInteraction(), ...states) };
};

export { state };

/** Points the real client at the mock server, signed in as `token` (null: signed out). */
export const useApi = (baseUrl: string, token: string | null = ADMIN.token) => {
  const onUnauthorized = vi.fn();
  configureApi({ baseUrl, getToken: () => token, onUnauthorized, timeoutMs: 10_000 });
  return { onUnauthorized };
};

/** The bearer header of a protected call. */
export const bearer = (token: string = ADMIN.token) => ({ Authorization: M.regex("^Bearer \\S+$", `Bearer ${token}`) });

/** JSON answers: the client reads a body as JSON only when the content type says so (docs/spec.md §7). */
export const JSON_ANSWER = { "Content-Type": "application/json" } as const;
export const JSON_REQUEST = { "Content-Type": "application/json" } as const;

/** The rejection of a promise (fails when it resolves). */
export const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
};
