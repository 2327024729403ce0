/**
 * The browser tests' web server (playwright.config.ts): a built folder served as production hosting serves it
 * (scripts/lib/html-routes.ts), with the folder's own config.json, each file gzipped once and kept. `vite preview`
 * compressed every answer anew: about 0.2 s of CPU per page load of the app, the two cores' time the browsers need.
 *
 *   node scripts/serve-build.ts --root dist-e2e --port 4317
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serveStatic } from "./lib/static-server.ts";

const { values } = parseArgs({
  options: { root: { type: "string", default: "dist" }, port: { type: "string", default: "4317" } },
});
const root = values.root;
// A build without config.json is served without one (404): the app then says it is not configured. Any other
// trouble (a wrong --root, a broken file) stops here, named, rather than as a server that never gets ready.
const config: unknown = (() => {
  let text: string;
  try {
    text = readFileSync(join(root, "config.json"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && existsSync(join(root, "index.html"))) return undefined;
    console.error(`serve-build: cannot serve ${root}: ${String(error)}`);
    process.exit(1);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    console.error(`serve-build: ${join(root, "config.json")} is not JSON: ${String(error)}`);
    process.exit(1);
  }
})();
const { url } = await serveStatic(root, config, Number(values.port));
console.log(`serving ${root} at ${url}`);
