import { defineConfig } from "vitest/config";

/**
 * Pact contract tests (README, "API contract"), apart from the unit tests of vitest.config.ts:
 * - project "consumer": tests/contract/*.pact.spec.ts call the real src/api functions against Pact mock servers
 *   and write pacts under node_modules/.cache/campus-card-pacts (scripts/contracts.ts compares them with contracts/);
 * - project "provider": tests/contract/*.verify.spec.ts runs the Pact Verifier against the demo backend over HTTP.
 * Run them as two commands (consumer first): Vitest does not order files.
 */
// Pact's usage telemetry stays off (stack notes); test workers inherit this.
process.env.PACT_DO_NOT_TRACK ??= "true";

const shared = {
  environment: "node",
  pool: "forks",
  testTimeout: 30_000,
  hookTimeout: 30_000,
  restoreMocks: true,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "consumer",
          // One module graph per worker (Pact's native core, effect and the API layer loaded once, not per file): the
          // files share nothing else, each writing its own pact. 3.5 s instead of 16.6 s alone on this machine.
          isolate: false,
          include: ["tests/contract/**/*.pact.spec.ts"],
          globalSetup: ["tests/contract/support/consumer-setup.ts"],
        },
      },
      {
        test: {
          ...shared,
          name: "provider",
          include: ["tests/contract/**/*.verify.spec.ts"],
        },
      },
    ],
  },
});
