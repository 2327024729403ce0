/**
 * A small production-like static server for built output: gzip, immutable caching of hashed assets, SPA
 * fallback to index.html, and an optional config.json override (demo or live). Used by the benchmark.
 */
import { createServer, type Server } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ttf": "font/ttf",
  ".ico": "image/x-icon",
};

export interface StaticServer {
  readonly server: Server;
  readonly url: string;
  readonly close: () => Promise<void>;
}

export const serveStatic = async (root: string, config: unknown, port = 0): Promise<StaticServer> => {
  const cache = new Map<string, { body: Buffer; gz: Buffer; type: string }>();
  const load = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      entry = { body, gz: gzipSync(body, { level: 9 }), type: types[extname(file)] ?? "application/octet-stream" };
      cache.set(file, entry);
    }
    return entry;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/config.json") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(config));
      return;
    }
    let file = join(root, normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    let isFile = false;
    try {
      isFile = statSync(file).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) {
      if (extname(url.pathname) !== "") {
        res.writeHead(404).end();
        return;
      }
      file = join(root, "index.html");
    }
    const entry = load(file);
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) && entry.type !== "image/png";
    res.writeHead(200, {
      "content-type": entry.type,
      "cache-control": url.pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}),
    });
    res.end(gzip ? entry.gz : entry.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
