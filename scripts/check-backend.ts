/**
 * `npm run check:backend -- <apiBaseUrl>`: a checklist for a backend team (docs/deploying.md). Signs in, reads every
 * list and read endpoint of docs/spec.md §7 and says, per endpoint, whether the app can read the answer, and if
 * not which rows and keys and why (scripts/lib/check-backend.ts). Read-only: one sign-in, then GET requests.
 *
 *   CAMPUS_CHECK_USERNAME=admin CAMPUS_CHECK_PASSWORD=… npm run check:backend -- https://cards.university.cm/backend/
 *
 * Exits 0 when every endpoint works, 1 when one failed, 2 on a usage error.
 * Runs on plain Node 24: scripts/lib/ts-hooks.ts teaches Node the bundler-style imports of src/.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { registerTsHooks } from "./lib/ts-hooks.ts";

const USAGE = `npm run check:backend -- [options] <apiBaseUrl>: can the app read this backend's answers?

Signs in, then reads every list and read endpoint of docs/spec.md §7 (GET only) with the app's own schemas and
prints, per endpoint, whether it works or which rows and keys the app could not read, and why.

  <apiBaseUrl>          the API's address, as config.json's apiBaseUrl (default: --config's apiBaseUrl)
  --username NAME       account to sign in with (or CAMPUS_CHECK_USERNAME)
  --password SECRET     its password (or CAMPUS_CHECK_PASSWORD, which keeps it out of the process list)
  --config FILE         the site's config.json: its kindPaths (and apiBaseUrl) are used
  -h, --help            this help

Exits 0 when every endpoint works, 1 when one failed.`;

const options = {
  username: { type: "string", default: process.env.CAMPUS_CHECK_USERNAME },
  password: { type: "string", default: process.env.CAMPUS_CHECK_PASSWORD },
  config: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

const fail = (message: string): never => {
  console.error(`check:backend: ${message} (--help lists the options)`);
  process.exit(2);
};

let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
try {
  parsed = parseArgs({ options, allowPositionals: true });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed!;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

registerTsHooks();
const { parseRuntimeConfig } = await import("../src/app/config.ts");
const { checkBackend, formatReport } = await import("./lib/check-backend.ts");

let config: ReturnType<typeof parseRuntimeConfig> | undefined;
if (values.config) {
  try {
    config = parseRuntimeConfig(JSON.parse(readFileSync(values.config, "utf8")));
  } catch (error) {
    fail(`${values.config}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
const apiBaseUrl = positionals[0] ?? config?.apiBaseUrl;
if (!apiBaseUrl || positionals.length > 1) fail("give one apiBaseUrl, the API's address");
if (!/^https?:\/\//.test(apiBaseUrl!)) fail(`apiBaseUrl must be an http(s) address, not "${apiBaseUrl}"`);
if (!values.username || !values.password)
  fail("give an account: --username and --password, or CAMPUS_CHECK_USERNAME and CAMPUS_CHECK_PASSWORD");

const reports = await checkBackend({
  apiBaseUrl: apiBaseUrl!,
  username: values.username!,
  password: values.password!,
  ...(config?.kindPaths ? { kindPaths: config.kindPaths } : {}),
});
console.log(formatReport(apiBaseUrl!, reports));
process.exitCode = reports.some((report) => report.outcome === "failed") ? 1 : 0;
