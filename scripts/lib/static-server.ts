/**
 * A small production-like static server for built output: gzip, immutable caching of hashed assets, pages
 * answered by their prerendered HTML or the app shell (html-routes.ts), and a config.json override (demo or
 * live). Used by the benchmark and the build's prerendering.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { htmlFor } from "./html-routes.ts";
import { createGuardedServer, refuse, requestTarget } from "./request-guard.ts";
import { cacheControlFor } from "./security-headers.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ttf": "font/ttf",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

export interface StaticServer {
  readonly server: Server;
  readonly url: string;
  readonly close: () => Promise<void>;
}

export interface StaticOptions {
  /**
   * HTML put first inside every page's #root (the classroom's banner): shown by the pages that stay static (the
   * landing, a live check page), replaced by the app's own rendering of it wherever the app takes over.
   */
  readonly htmlBanner?: string;
}

const ROOT_TAG = /<div id="root"[^>]*>/;

/**
 * Where production hosting (deploy/nginx/campus-card.conf) answers with the file or 404. Any other path is a page,
 * a dot in it or not (a check token may hold one).
 */
const filesOnly = (pathname: string): boolean =>
  pathname.startsWith("/assets/") || pathname === "/verify-sw.js" || pathname === "/verify.webmanifest";

/** The built app as a request handler, with `config` as its config.json (none when undefined: 404). */
export const createStaticHandler = (
  root: string,
  config: unknown,
  options: StaticOptions = {},
): ((req: IncomingMessage, res: ServerResponse) => void) => {
  const cache = new Map<string, { body: Buffer; gz: Buffer; type: string } | null>();
  const load = (file: string) => {
    let entry = cache.get(file);
    if (entry === undefined) {
      try {
        const read = readFileSync(file);
        const body =
          options.htmlBanner && extname(file) === ".html"
            ? Buffer.from(read.toString("utf8").replace(ROOT_TAG, (tag) => `${tag}${options.htmlBanner}`))
            : read;
        entry = { body, gz: gzipSync(body, { level: 9 }), type: types[extname(file)] ?? "application/octet-stream" };
      } catch {
        entry = null;
      }
      cache.set(file, entry);
    }
    return entry;
  };
  return (req, res) => {
    const url = requestTarget(req);
    if (!url) {
      req.resume();
      refuse(res, 400, "Bad request target.");
      return;
    }
    // Built files are only read: a body is never wanted, so it is never read (the connection closes after the answer).
    if (req.method !== "GET" && req.method !== "HEAD") {
      refuse(res, 405, "Method not allowed.", { Allow: "GET, HEAD" });
      return;
    }
    if (url.pathname === "/config.json") {
      if (config === undefined) res.writeHead(404).end();
      else {
        res.writeHead(200, { "content-type": "application/json", "cache-control": cacheControlFor(url.pathname) });
        res.end(JSON.stringify(config));
      }
      return;
    }
    // Build metadata (a folder or file whose name starts with a dot) is not the site's.
    if (url.pathname.includes("/.")) {
      res.writeHead(404).end();
      return;
    }
    const page = htmlFor(root, url.pathname);
    if (page !== null && filesOnly(url.pathname)) {
      res.writeHead(404).end();
      return;
    }
    const file = join(root, page ?? normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    const entry = load(file);
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) && entry.type !== "image/png";
    res.writeHead(200, {
      "content-type": entry.type,
      "cache-control": cacheControlFor(url.pathname),
      ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}),
    });
    res.end(gzip ? entry.gz : entry.body);
  };
};

export const serveStatic = async (root: string, config: unknown, port = 0): Promise<StaticServer> => {
  const server = createGuardedServer(createStaticHandler(root, config));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
