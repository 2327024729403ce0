/**
 * `npm run demo`: the production build (prerendered, gzip, like the real site) served in demo mode, built first
 * when missing or older than the sources. The demo backend runs in each browser: its data lives in that
 * browser's storage, and another device sees its own demo.
 *
 *   node scripts/demo.ts [--port 5173] [--host 127.0.0.1]
 *
 * `--shared` is the classroom demo: one demo backend for every device of the room (scripts/lib/classroom-server.ts).
 * It listens on every interface and prints the page applicants open, the page agents open and a QR code of the
 * first. QR codes on cards name `--public-url`, else the LAN address. The database is kept in a file (default
 * .demo-data/classroom.json), every change on disk before it is answered; `--reset` starts again from the seed,
 * `--restore admin` gives a demo account its published password back. While it runs, the terminal takes
 * `restore <username>`, `reset` and `help`.
 *
 *   node scripts/demo.ts --shared [--port 5173] [--host 0.0.0.0] [--public-url URL] [--data FILE] [--reset] [--restore USER]
 *
 * `--https` serves it over TLS with a self-signed certificate made on the first start and kept beside the data
 * (scripts/lib/classroom-tls.ts): phones get the camera and WebCrypto, which browsers give to https pages only
 * (the guards' checker, /verify). Each phone accepts the certificate once (docs/classroom.md).
 *
 * `--dist DIR` serves another build (the browser tests pass theirs); `--no-build` never builds.
 */
import { execFileSync } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { networkInterfaces } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { registerTsHooks } from "./lib/ts-hooks.ts";
import { isStale, stampBuild } from "./lib/build-stamp.ts";
import { createStaticHandler } from "./lib/static-server.ts";
import { DEMO_BACKEND_CAPABILITIES } from "../src/api/capabilities.ts";
import { createGuardedServer } from "./lib/request-guard.ts";
import { classroomCertificate } from "./lib/classroom-tls.ts";
import { securityHeaders } from "./lib/security-headers.ts";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    shared: { type: "boolean", default: false },
    https: { type: "boolean", default: false },
    port: { type: "string", default: process.env.PORT ?? "5173" },
    host: { type: "string" },
    "public-url": { type: "string" },
    data: { type: "string", default: join(root, ".demo-data", "classroom.json") },
    reset: { type: "boolean", default: false },
    restore: { type: "string", multiple: true, default: [] },
    dist: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});

const fail = (message: string): never => {
  console.error(`demo: ${message}`);
  process.exit(1);
};

const shared = values.shared;
const host = values.host ?? (shared ? "0.0.0.0" : "127.0.0.1");
const dist = resolve(root, values.dist ?? "dist-demo");
const publicUrl = values["public-url"]?.replace(/\/+$/, "");
if (publicUrl !== undefined && !/^https?:\/\/[^/?#\s]+$/.test(publicUrl))
  fail(`--public-url must be an origin such as http://192.168.1.20:5173 (got ${publicUrl})`);

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

const lanAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((net) => (net && net.family === "IPv4" && !net.internal ? [net.address] : []));
const everyInterface = host === "0.0.0.0" || host === "::";
const scheme = values.https ? "https" : "http";

/** The addresses this server answers on: localhost and every LAN address when listening on all interfaces. */
const addressesOf = (): string[] => (everyInterface ? ["localhost", "127.0.0.1", ...lanAddresses()] : [host]);

const tls = (() => {
  if (!values.https) return undefined;
  try {
    return classroomCertificate(join(dirname(resolve(values.data)), "tls"), addressesOf());
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

const headers = securityHeaders();
// The classroom answers once its data is loaded (a moment after listening); until then, "come back in a moment".
let handler: (req: IncomingMessage, res: ServerResponse) => void = shared
  ? (req, res) => {
      req.resume();
      res.writeHead(503, { "Retry-After": "1", Connection: "close" }).end();
    }
  : createStaticHandler(dist, { mode: "demo", capabilities: DEMO_BACKEND_CAPABILITIES, replacementFee: 5000 });
const server = createGuardedServer((req, res) => {
  // Production's headers (deploy/nginx) on every answer; the API is on this origin, so connect-src stays 'self'.
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  try {
    handler(req, res);
  } catch (error) {
    // A bug answers 500 to its request; it never stops the class.
    console.error("demo:", error);
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  }
}, tls);
server.on("error", (error) => fail(`cannot listen on ${host}:${values.port}: ${error.message}`));

const listening = new Promise<number>((done) => {
  server.listen(Number(values.port), host, () => {
    const address = server.address();
    done(typeof address === "object" && address ? address.port : 0);
  });
});
const port = await listening;

if (shared) {
  registerTsHooks();
  const { createClassroom } = await import("./lib/classroom-server.ts");
  const { StoreUnavailable } = await import("./lib/classroom-store.ts");
  const QRCode = (await import("qrcode")).default;
  const file = resolve(values.data);
  // Phones cannot open a loopback name: the first LAN address unless the trainer names the public one.
  const lan = everyInterface ? lanAddresses()[0] : undefined;
  const site = publicUrl ?? `${scheme}://${lan ?? (host === "0.0.0.0" || host === "::" ? "localhost" : host)}:${port}`;
  let classroom: ReturnType<typeof createClassroom>;
  try {
    classroom = createClassroom({
      file,
      dist,
      publicUrl: site,
      knownOrigins: () => [
        ...addressesOf().map((address) => `${scheme}://${address}:${port}`),
        ...(publicUrl ? [publicUrl] : []),
      ],
      reset: values.reset,
    });
  } catch (error) {
    if (error instanceof StoreUnavailable) fail(error.message);
    throw error;
  }
  const current = classroom;
  handler = current.handle;
  const restore = (username: string) => {
    try {
      console.log(
        current.restoreAccount(username)
          ? `Account ${username}: its demo password is back, its sessions are closed.`
          : `No demo account is named ${username}.`,
      );
    } catch (error) {
      console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (const username of values.restore) restore(username);

  console.log(`campus-card classroom demo: one demo backend for every device of the room.`);
  console.log(
    `Data: ${file} (${values.reset ? "reset to the seed" : current.resumed ? "kept from the last session" : "new, from the seed"}).`,
  );
  console.log("");
  console.log(`  Applicants (phones) open:   ${site}/registration`);
  console.log(`  Agents (laptops) open:      ${site}/auth`);
  console.log("");
  console.log(await QRCode.toString(`${site}/registration`, { type: "terminal", small: true }));
  if (!publicUrl && !lan)
    console.log(
      "No network address found: phones cannot reach this server (connect to the room's network, or pass --public-url).",
    );
  if (tls)
    console.log(
      `HTTPS with a certificate of this laptop's own${tls.made ? " (made now: each phone accepts it once)" : ""}: each phone's browser warns once; continue to the site. Its SHA-256 fingerprint: ${tls.fingerprint}`,
    );
  console.log("Accounts: admin / Admin@2026 (Admin), agent / Agent@2026 (Agent).");
  console.log(
    "Type `restore admin` (or another account) if a student changed its password, `reset` to start the class again, `help`. Ctrl-C stops.",
  );
  createInterface({ input: process.stdin }).on("line", (line) => {
    const [command = "", argument = ""] = line.trim().split(/\s+/);
    if (command === "restore" && argument) restore(argument);
    else if (command === "reset") {
      try {
        current.resetData();
        console.log("The class's data is back to the seed.");
      } catch (error) {
        console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (command !== "")
      console.log("Commands: restore <username> (admin, agent, eabanda, jpfotso, ntchinda), reset, help.");
  });
} else {
  console.log("campus-card demo (the production build in demo mode), open:");
  // localhost and 127.0.0.1 are one machine: print one of them.
  const addresses = addressesOf();
  for (const address of addresses.length > 1 ? addresses.filter((a) => a !== "127.0.0.1") : addresses)
    console.log(`  ${scheme}://${address}:${port}/`);
  console.log("Accounts: admin / Admin@2026 (Admin), agent / Agent@2026 (Agent).");
  console.log("Each browser keeps its own demo data. Ctrl-C stops.");
}
console.log(`(listening on port ${port} of ${host})`);

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
