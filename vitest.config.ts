import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const include = ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"];

/**
 * Test files share one module graph per worker: effect, XState, React and the app's modules are evaluated once,
 * not once per file. Node files share one in forks, DOM files (`// @vitest-environment jsdom`) one document and
 * graph in worker threads, reset between files by tests/setup.ts (storage, the document's body and attributes).
 * On the DOM files, 35 s of CPU instead of 137 s. A file that mocks a module with `vi.mock`, or reads state a
 * module fixes when first loaded (the boot's API base URL, a toast region already mounted, the storage probe of
 * a module, the theme's media query), says so with a `// @own-modules` line at its top and runs with modules of
 * its own, in a fresh worker thread.
 */
const files = globSync(include).map((file) => ({ file, text: readFileSync(file, "utf8") }));
const ownModules = files.filter(({ text }) => /^\/\/ @own-modules\b/m.test(text)).map(({ file }) => file);
const domFiles = files
  .filter(({ file, text }) => !ownModules.includes(file) && /^\/\/ @vitest-environment jsdom\b/m.test(text))
  .map(({ file }) => file);

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
      { extends: true, test: { name: "shared", include, exclude: [...ownModules, ...domFiles], isolate: false } },
      { extends: true, test: { name: "dom", include: domFiles, isolate: false, pool: "threads" } },
      // Worker threads, not forks: each file here starts afresh, and a fresh thread costs less than a fresh
      // process. The vmThreads pool is cheaper still but breaks binary checks (a Uint8Array from another realm).
      { extends: true, test: { name: "own-modules", include: ownModules, isolate: true, pool: "threads" } },
    ],
  },
});
