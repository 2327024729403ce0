/**
 * `npm run mock:api`: the whole API of docs/spec.md §7 as a standalone HTTP server, answered by the demo backend
 * (src/mock-server, the same handlers Mirage runs in the browser), seeded with the demo data.
 *
 *   node scripts/mock-api.ts [--host 127.0.0.1] [--port 8787] [--origin http://…] [--site-url http://…] [--seed 2026] [--page-size 10] [--pact-states] [--quiet]
 *
 * --site-url: the public site's address, which the card QR codes open (default: the address it serves). A real
 * backend must know it too: the QR code is built by the API, and phones scan it.
 * --token-ttl-minutes: how long a signed-in token lasts (default 480, a working day).
 * --origin: the address clients reach the API at, for the links it answers (default: its listen address;
 * set it when listening on 0.0.0.0 or behind a proxy).
 *
 * --pact-states also serves POST /_pact/provider-states, so any Pact verifier can prepare the provider states of
 * contracts/ (`--state-change-url http://127.0.0.1:8787/_pact/provider-states --state-change-teardown`; after a
 * teardown the next interaction starts from the seed). The database lives in memory and starts from the seed. Demo accounts: admin / Admin@2026, agent / Agent@2026.
 *
 * Runs on plain Node 24: scripts/lib/ts-hooks.ts teaches Node the bundler-style imports of src/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { registerTsHooks } from "./lib/ts-hooks.ts";

const USAGE = `npm run mock:api -- [options]: the API of docs/spec.md §7, answered by the demo backend.

  --host HOST               listen address (default 127.0.0.1, or MOCK_API_HOST)
  --port PORT               listen port (default 8787, or MOCK_API_PORT; 0 picks a free one)
  --origin URL              the address clients reach the API at, for the links it answers
                            (default: its listen address; set it behind a proxy or on 0.0.0.0)
  --site-url URL            the public site's address, which the card QR codes open (default: --origin,
                            else the address it serves)
  --seed N                  seed of the demo data (default 2026)
  --page-size N             items per page of paged lists (default 10)
  --token-ttl-minutes N     how long a signed-in token lasts (default 480)
  --pact-states             serve POST /_pact/provider-states for a Pact verifier
  --quiet                   no line per request
  -h, --help                this help

Demo accounts: admin / Admin@2026, agent / Agent@2026.`;

const options = {
  host: { type: "string", default: process.env.MOCK_API_HOST ?? "127.0.0.1" },
  port: { type: "string", default: process.env.MOCK_API_PORT ?? "8787" },
  seed: { type: "string" },
  "page-size": { type: "string" },
  origin: { type: "string" },
  "site-url": { type: "string" },
  "token-ttl-minutes": { type: "string" },
  "pact-states": { type: "boolean", default: false },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;
let parsed: ReturnType<typeof parseArgs<{ options: typeof options }>>;
try {
  parsed = parseArgs({ options });
} catch (error) {
  console.error(`mock-api: ${error instanceof Error ? error.message : String(error)} (--help lists the options)`);
  process.exit(2);
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const siteUrl = values["site-url"]?.replace(/\/+$/, "");

registerTsHooks();
const { startMockApi, PROVIDER_STATES_PATH } = await import("./lib/mock-api-server.ts");
const { setUpProviderState } = await import("./lib/provider-states.ts");
const { DEMO_BACKEND_CAPABILITIES } = await import("../src/api/capabilities.ts");

let api: Awaited<ReturnType<typeof startMockApi>> | undefined;
let resetBeforeNextSetup = false;
// Uploaded photos go to a folder of their own, removed when the server stops: memory never holds them.
const photoDir = mkdtempSync(join(tmpdir(), "campus-mock-api-photos-"));
process.on("exit", () => rmSync(photoDir, { recursive: true, force: true }));
api = await startMockApi({
  photoDir,
  host: values.host,
  port: Number(values.port),
  ...(values.seed ? { seed: Number(values.seed) } : {}),
  ...(values["page-size"] ? { pageSize: Number(values["page-size"]) } : {}),
  ...(values.origin ? { origin: values.origin.replace(/\/+$/, "") } : {}),
  ...(siteUrl ? { siteUrl } : {}),
  ...(values["token-ttl-minutes"] ? { tokenTtlMs: Number(values["token-ttl-minutes"]) * 60_000 } : {}),
  log: !values.quiet,
  ...(values["pact-states"]
    ? {
        providerStates: (state: string, params: Record<string, unknown>, action: string) => {
          if (!api) return;
          // With the verifier's --state-change-teardown, each interaction starts from the seed again.
          if (action === "teardown") {
            resetBeforeNextSetup = true;
            return;
          }
          if (resetBeforeNextSetup) api.reset();
          resetBeforeNextSetup = false;
          setUpProviderState(api, state, params);
        },
      }
    : {}),
}).catch((error: unknown) => {
  console.error(
    `mock-api: cannot listen on ${values.host}:${values.port}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});

console.log(`campus-card mock API (demo backend) on ${api.url}`);
console.log(`  card QR codes open ${siteUrl ?? values.origin ?? api.url}/check/…`);
console.log("  accounts: admin / Admin@2026 (Admin), agent / Agent@2026 (Agent)");
// The extensions it implements, for the app's config.json (docs/extensions.md).
console.log(
  `  config.json: ${JSON.stringify({ mode: "live", apiBaseUrl: api.url, capabilities: DEMO_BACKEND_CAPABILITIES })}`,
);
if (values["pact-states"]) console.log(`  provider states: POST ${api.url}${PROVIDER_STATES_PATH}`);

const stop = () => {
  void api?.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
