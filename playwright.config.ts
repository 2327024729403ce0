import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/lib/chromium-args";
import { browserPath } from "./tests/e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 4317);
/** Build folder served to the browser (npm run test:e2e builds dist-e2e); E2E_DIST/E2E_PORT let parallel runs coexist. */
export const dist = process.env.E2E_DIST ?? "dist-e2e";
/** The same build behind Debian's nginx with the shipped configuration (deploy/nginx/), for tests/e2e/nginx.spec.ts. */
export const nginxPort = Number(process.env.E2E_NGINX_PORT ?? port + 1);

/** Browser tests run the built app (demo mode) in Debian's Chromium: nothing is downloaded. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two browsers at once (E2E_WORKERS to change): on two cores the suite takes 362 s instead of 505 s, every test
  // having its own context and demo data; the axe sweep keeps one context per worker.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: browserPath,
      args: [
        ...CHROMIUM_ARGS,
        // A test's page lives seconds: V8's optimising compilers (their threads share the two cores) cost more than
        // they save there. Baseline code only: the whole browser suite in 442 s instead of 475 s, alone on this
        // machine. (Vitest's Node files, with their long property runs, are slower without them: Node keeps them.)
        "--js-flags=--max-opt=1",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      // The build as production hosting serves it, each file gzipped once (vite preview gzips every answer anew).
      command: `node scripts/serve-build.ts --root ${dist} --port ${port}`,
      url: `http://127.0.0.1:${port}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node scripts/nginx-serve.ts --root ${dist} --port ${nginxPort} --api-origin https://api.example.cm`,
      url: `http://127.0.0.1:${nginxPort}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
