/**
 * `npm run demo`: the production build (prerendered, gzip, like the real site) served in demo mode, built first
 * when missing or older than the sources. The demo backend runs in each browser: its data lives in that
 * browser's storage, and another device sees its own demo.
 *
 *   node scripts/demo.ts [--port 5173] [--host 127.0.0.1]
 *
 * `--shared` is the classroom demo: one demo backend for every device of the room. The same handlers as
 * `npm run mock:api` answer the API on the same address as the app, which runs in live mode; the server listens
 * on every interface (0.0.0.0) and prints the addresses to open, the LAN ones included. The database is kept in
 * a file (default .demo-data/classroom.json), written after each change and on Ctrl-C, so a restart keeps the
 * class's work; `--reset` starts again from the seed.
 *
 *   node scripts/demo.ts --shared [--port 5173] [--host 0.0.0.0] [--data FILE] [--reset]
 *
 * `--dist DIR` serves another build (the browser tests pass theirs); `--no-build` never builds.
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { registerTsHooks } from "./lib/ts-hooks.ts";
import { isStale, stampBuild } from "./lib/build-stamp.ts";
import { createStaticHandler } from "./lib/static-server.ts";
import { hardenServer, requestTarget } from "./lib/request-guard.ts";
import { loadClassroom, removeClassroom, saveClassroom } from "./lib/classroom-store.ts";
import { isBackendPath } from "../src/api/backend-path.ts";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    shared: { type: "boolean", default: false },
    port: { type: "string", default: process.env.PORT ?? "5173" },
    host: { type: "string" },
    data: { type: "string", default: join(root, ".demo-data", "classroom.json") },
    reset: { type: "boolean", default: false },
    dist: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});

const shared = values.shared;
const host = values.host ?? (shared ? "0.0.0.0" : "127.0.0.1");
const port = Number(values.port);
const dist = resolve(root, values.dist ?? "dist-demo");

if (!values["no-build"] && isStale(root, dist)) {
  console.log(`Building the app into ${dist} (once; again only when a source changes)…`);
  // CAMPUS_DEMO=1 whatever the caller's environment: this build must carry the demo backend.
  execFileSync(join(root, "node_modules/.bin/vite"), ["build", "--outDir", dist, "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CAMPUS_DEMO: "1" },
  });
  stampBuild(dist);
}

/** The addresses this server answers on: localhost and every LAN address when listening on all interfaces. */
function addressesOf(listen: string): string[] {
  if (listen !== "0.0.0.0" && listen !== "::") return [listen];
  const lan = Object.values(networkInterfaces())
    .flat()
    .flatMap((net) => (net && net.family === "IPv4" && !net.internal ? [net.address] : []));
  return ["localhost", "127.0.0.1", ...lan];
}


let close: () => void = () => {};
let handler = createStaticHandler(dist, { mode: "demo" });

if (shared) {
  registerTsHooks();
  const { DemoDb } = await import("../src/mock-server/db.ts");
  const { createMockApiHandler } = await import("./lib/mock-api-server.ts");
  const file = resolve(values.data);
  if (values.reset) {
    removeClassroom(file);
    console.log(`Reset: ${file} removed, the demo starts again from the seed.`);
  }
  const saved = loadClassroom(file);
  const api = createMockApiHandler({
    ...(saved ? { db: new DemoDb(saved) } : {}),
    origin: `http://localhost:${port}`,
    knownOrigins: () => addressesOf(host).map((address) => `http://${address}:${port}`),
  });
  const save = () => saveClassroom(file, api.backend.db.data);
  // Every change is written soon after (grouped per tick of requests), so even a killed server loses next to nothing.
  let pending: NodeJS.Timeout | null = null;
  const watch = () => {
    api.backend.db.onChange = () => {
      pending ??= setTimeout(() => {
        pending = null;
        save();
      }, 100);
    };
  };
  watch();
  save();
  const app = createStaticHandler(dist, { mode: "live", apiBaseUrl: "" });
  // A target that is no path (`//`, absolute-form…) goes to the static handler, which refuses it with a 400.
  handler = (req, res) => (isBackendPath(requestTarget(req)?.pathname ?? "") ? api.handle(req, res) : app(req, res));
  close = () => {
    if (pending) clearTimeout(pending);
    save();
  };
  console.log(saved ? `Classroom data: ${file} (kept from the last session)` : `Classroom data: ${file} (new, from the seed)`);
}

const server = hardenServer(
  createServer((req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      // A bug answers 500 to its request; it never stops the class.
      console.error("demo:", error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  }),
);
server.on("error", (error) => {
  console.error(`demo: cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const addresses = addressesOf(host);
  console.log(shared ? "campus-card classroom demo (one shared demo backend), open:" : "campus-card demo (the production build in demo mode), open:");
  // localhost and 127.0.0.1 are one machine: print one of them.
  for (const address of addresses.length > 1 ? addresses.filter((a) => a !== "127.0.0.1") : addresses) console.log(`  http://${address}:${port}/`);
  console.log("Accounts: admin / Admin@2026 (Admin), agent / Agent@2026 (Agent).");
  console.log(shared ? "Data is kept across restarts; --reset starts again from the seed. Ctrl-C stops." : "Each browser keeps its own demo data. Ctrl-C stops.");
  console.log(`(listening on port ${port} of ${host})`);
});

const stop = () => {
  close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
