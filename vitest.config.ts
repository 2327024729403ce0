import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const include = ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"];

/**
 * Node files run in one shared module graph per worker: effect, XState and the app's modules are evaluated once,
 * not once per file (several times faster on two cores). A DOM file (`// @vitest-environment jsdom`) always runs
 * with modules of its own: React, the toasts and i18n keep state per document. So does a Node file that mocks a
 * module with `vi.mock` or reads state a module fixes when first loaded (the boot's API base URL, say): it says
 * so with a `// @own-modules` line at its top.
 */
const ownModules = globSync(include).filter((file) =>
  /^\/\/ @(own-modules|vitest-environment jsdom)\b/m.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  plugins: [react()],
  define: { __CAMPUS_DEMO__: "true" },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    restoreMocks: true,
    // Speed is the benchmarks' job (npm run bench:pdf, bench:sheets): a test fails on what it sees, not because
    // a loaded 2-core machine took more than Vitest's default 5 s to render a first card PDF (fonts, pdf-lib).
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      { extends: true, test: { name: "shared", include, exclude: ownModules, isolate: false } },
      // Worker threads, not forks: each file here starts afresh, and a fresh thread costs less than a fresh
      // process. On these files (2 cores, a similar load) 137 s of CPU instead of 202 s, every test passing. The
      // vmThreads pool is cheaper still but breaks binary checks (a Uint8Array from another realm).
      { extends: true, test: { name: "own-modules", include: ownModules, isolate: true, pool: "threads" } },
    ],
  },
});
