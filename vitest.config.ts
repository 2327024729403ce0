import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  define: { __CAMPUS_DEMO__: "true" },
  test: {
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    restoreMocks: true,
    // Speed is the benchmarks' job (npm run bench:pdf, bench:sheets): a test fails on what it sees, not because
    // a loaded 2-core machine took more than Vitest's default 5 s to render a first card PDF (fonts, pdf-lib).
    testTimeout: 20_000,
  },
});
