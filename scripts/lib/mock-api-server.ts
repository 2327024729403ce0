/**
 * The demo backend (src/mock-server: `createDemoBackend` + `dispatch`, the very handlers Mirage runs in the
 * browser) behind a plain `node:http` server. Used by `npm run mock:api` and, in-process, by the Pact provider
 * verification (tests/contract/provider.verify.spec.ts).
 *
 * This file only translates HTTP to the backend's `DemoRequest`/`DemoResponse` and back; it answers nothing
 * itself except CORS pre-flights, the optional provider-state endpoint, and "faults" a provider state installs
 * (e.g. a 502 from the gateway in front of the API, which no API handler can produce).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createDemoBackend, dispatch } from "../../src/mock-server/index.ts";
import type { RequestBody, RouteDef, UploadedFile } from "../../src/mock-server/http.ts";
import type { Backend } from "../../src/mock-server/router.ts";
import type { DemoDb } from "../../src/mock-server/db.ts";
import { collectGarbage, LARGE_UPLOAD_BYTES } from "./collect-garbage.ts";
import { photoFolder } from "./photo-folder.ts";
import { createGuardedServer, refuse, requestTarget } from "./request-guard.ts";

/** A canned answer for one "METHOD /path/" that replaces the backend's (installed by provider states). */
export interface Fault {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export interface MockApiOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Seed of the demo data (default: the demo seed, 2026). */
  readonly seed?: number;
  readonly pageSize?: number;
  /** Lifetime of a signed-in token in ms (default 8 hours). */
  readonly tokenTtlMs?: number;
  /** The clock of token lifetimes and sign-in throttling (tests drive it). */
  readonly now?: () => number;
  /** The origin clients reach the API at, for the links it answers (default: its own listen address). */
  readonly origin?: string;
  /**
   * The public site's origin, which the card QR codes' check URLs open (a phone scans them): default, the origin
   * the server serves (`origin`, else its listen address).
   */
  readonly siteUrl?: string;
  /** Serves POST /_pact/provider-states (Pact verifier `--state-change-url`) when given. */
  readonly providerStates?: (state: string, params: Record<string, unknown>, action: string) => void | Promise<void>;
  /** One line per request on stdout. */
  readonly log?: boolean;
  /** A folder for uploaded photos (photo-folder.ts), so they are not held in memory; none: in memory. */
  readonly photoDir?: string;
}

export interface MockApi {
  readonly server: Server;
  readonly url: string;
  /** The running backend; `backend.db` may be replaced (reset) between requests. */
  readonly backend: Backend;
  /** Faults by "METHOD /path/" (method upper case, path as sent). */
  readonly faults: Map<string, Fault>;
  /** Restores the seeded database and clears every fault. */
  readonly reset: () => void;
  readonly close: () => Promise<void>;
}

/** The `code` of a 503 whose change could not be saved: the app says it in the reader's language (src/api/messages.ts). */
export const NOT_SAVED_CODE = "not_saved";
/** The `code` of a 503 refusing an upload the classroom server's disk has no room for. */
export const DISK_LOW_CODE = "disk_low";

export const PROVIDER_STATES_PATH = "/_pact/provider-states";

/** The largest multipart body read (a 5 MB photo and its form fit twice over); larger ones answer 413. */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** Any other body (JSON, urlencoded, text) is a few fields: parsing megabytes of them would only block the server. */
const MAX_FIELDS_BODY_BYTES = 256 * 1024;
/** Bodies held in memory at once, all requests together: beyond it a new body answers 503 rather than exhaust memory. */
const MAX_BUFFERED_BYTES = 48 * 1024 * 1024;
let buffered = 0;

const limitFor = (contentType: string): number =>
  /^multipart\/form-data/i.test(contentType) ? MAX_BODY_BYTES : MAX_FIELDS_BODY_BYTES;

type Read = { readonly body: Buffer } | { readonly refused: 413 | 503; readonly limit: number };

/** The body, or a refusal as soon as it is known to exceed its limit (announced or counted): never read further. */
const readRaw = (req: IncomingMessage): Promise<Read> =>
  new Promise((resolve, reject) => {
    const limit = limitFor(String(req.headers["content-type"] ?? ""));
    const announced = Number(req.headers["content-length"] ?? 0);
    if (!(announced <= limit)) return resolve({ refused: 413, limit });
    if (buffered + announced > MAX_BUFFERED_BYTES) return resolve({ refused: 503, limit });
    const chunks: Buffer[] = [];
    let size = 0;
    const release = () => {
      buffered -= size;
      size = 0;
    };
    req.on("data", (c: Buffer) => {
      size += c.length;
      buffered += c.length;
      if (size > limit || buffered > MAX_BUFFERED_BYTES) {
        req.removeAllListeners("data");
        req.pause();
        release();
        resolve({ refused: size > limit ? 413 : 503, limit });
      } else chunks.push(c);
    });
    req.on("end", () => {
      release();
      resolve({ body: Buffer.concat(chunks) });
    });
    req.on("error", (error) => {
      release();
      reject(error);
    });
    req.on("close", release);
  });

class MalformedBody extends Error {}

/** The request body as the demo handlers expect it: JSON, form fields and files, text, or none. */
const parseBody = async (raw: Buffer, contentType: string, url: URL): Promise<RequestBody> => {
  if (raw.length === 0) return { type: "none" };
  if (/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Request(url, {
        method: "POST",
        headers: { "content-type": contentType },
        body: new Uint8Array(raw),
      }).formData();
    } catch (error) {
      throw new MalformedBody(`Multipart form parse error - ${error instanceof Error ? error.message : String(error)}`);
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else files[name] = { bytes: new Uint8Array(await value.arrayBuffer()), type: value.type, name: value.name };
    }
    return { type: "form", fields, files };
  }
  const text = raw.toString("utf8");
  try {
    return { type: "json", value: JSON.parse(text) as unknown };
  } catch {
    return { type: "text", value: text };
  }
};

const headersOf = (req: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(req.headers).flatMap(([k, v]) =>
      v === undefined ? [] : [[k.toLowerCase(), Array.isArray(v) ? v.join(", ") : v]],
    ),
  );

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, Accept-Language",
  "Access-Control-Expose-Headers": "Content-Disposition, Content-Type, Content-Length",
};

const send = (res: ServerResponse, status: number, headers: Record<string, string>, body: string | Uint8Array) => {
  res.writeHead(status, { ...CORS, ...headers });
  res.end(body);
};

/** Django's own host check (`split_domain_port`): a name or an IPv6 literal, then an optional port. */
const HOST = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:[0-9]{1,5})?$/i;
const validHost = (host: string | undefined): boolean => {
  const match = host ? HOST.exec(host) : null;
  return match !== null && Number(match[2]?.slice(1) ?? 0) <= 65535;
};

/** The API as a request handler, for a server of its own (`startMockApi`) or beside other routes (`npm run demo -- --shared`). */
export interface MockApiHandler {
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  readonly backend: Backend;
  readonly faults: Map<string, Fault>;
  readonly reset: () => void;
  /** The origin its links name, once known (the listen address, unless `options.origin` set it). */
  readonly setOrigin: (origin: string) => void;
}

export interface MockApiHandlerOptions extends Omit<MockApiOptions, "host" | "port"> {
  /** Starts from this database instead of the seed (the classroom demo's saved one). */
  readonly db?: DemoDb;
  /**
   * Origins the server is known by (a classroom server: localhost and its LAN addresses). A request whose Host
   * names one of them gets links on that origin, so a phone on the LAN follows `next` on the address it uses;
   * any other Host still gets the default origin.
   */
  readonly knownOrigins?: () => readonly string[];
  /**
   * Called after the backend answered, before the answer is sent (the classroom demo writes its changes to disk
   * here). A string refuses the answer: a 503 with that detail is sent instead.
   */
  readonly commit?: (method: string) => string | null;
  /** Routes beside the API's own (the classroom server's reset and account restore). */
  readonly extraRoutes?: readonly RouteDef[];
}

export const createMockApiHandler = (options: MockApiHandlerOptions = {}): MockApiHandler => {
  const fresh = () =>
    createDemoBackend({
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.pageSize ? { pageSize: options.pageSize } : {}),
      ...(options.tokenTtlMs === undefined ? {} : { tokenTtlMs: options.tokenTtlMs }),
      ...(options.now ? { now: options.now } : {}),
    });
  const site = options.siteUrl ?? options.origin;
  const seeded = fresh();
  const backend: Backend = {
    ...seeded,
    routes: [...seeded.routes, ...(options.extraRoutes ?? [])],
    ...(site ? { siteOrigin: site } : {}),
  };
  const photos = options.photoDir
    ? photoFolder(options.photoDir, undefined, (path, base64) => writeFileSync(path, base64))
    : null;
  if (options.db) backend.db = options.db;
  if (photos) backend.db.photoFiles = photos;
  const faults = new Map<string, Fault>();
  const reset = () => {
    backend.db = fresh().db;
    if (photos) backend.db.photoFiles = photos;
    faults.clear();
  };

  /** This server's origin, known once it listens (or `options.origin`, the address clients use behind a proxy). */
  let selfOrigin = options.origin ?? "http://127.0.0.1";
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const method = (req.method ?? "GET").toUpperCase();
    // Links the API answers (a page's next) are built from its own origin, never from the request's Host header.
    const named = options.knownOrigins?.().find((origin) => origin === `http://${req.headers.host ?? ""}`);
    const url = requestTarget(req, named ?? selfOrigin);
    if (!url) {
      req.resume();
      refuse(res, 400, "Bad request target.", CORS);
      return;
    }
    if (!validHost(req.headers.host)) {
      send(res, 400, { "Content-Type": "application/json" }, JSON.stringify({ detail: "Invalid HTTP_HOST header." }));
      req.resume();
      return;
    }
    if (Number(req.headers["content-length"] ?? 0) > LARGE_UPLOAD_BYTES) res.on("close", collectGarbage);
    const read = await readRaw(req);
    const done = (status: number) => {
      if (options.log)
        console.log(
          `${method} ${url.pathname}${url.search} → ${status} (${(performance.now() - started).toFixed(0)} ms)`,
        );
    };
    if ("refused" in read) {
      // Connection: close, so the body left unread is dropped with the connection once the answer is sent.
      if (read.refused === 413)
        refuse(
          res,
          413,
          `Request body too large (${read.limit / 1024 >= 1024 ? `${read.limit / 1024 / 1024} MB` : `${read.limit / 1024} KB`} at most).`,
          CORS,
        );
      else
        refuse(res, 503, "The server is busy receiving other uploads; try again in a moment.", {
          ...CORS,
          "Retry-After": "5",
        });
      return done(read.refused);
    }
    const raw = read.body;

    if (method === "OPTIONS") {
      send(res, 204, {}, "");
      return done(204);
    }
    if (options.providerStates && method === "POST" && url.pathname === PROVIDER_STATES_PATH) {
      const { state, params, action } = JSON.parse(raw.toString("utf8") || "{}") as {
        state?: string;
        params?: Record<string, unknown>;
        action?: string;
      };
      try {
        if (state) await options.providerStates(state, params ?? {}, action ?? "setup");
        send(res, 200, { "Content-Type": "application/json" }, "{}");
        return done(200);
      } catch (error) {
        send(res, 500, { "Content-Type": "application/json" }, JSON.stringify({ error: String(error) }));
        return done(500);
      }
    }
    const fault = faults.get(`${method} ${url.pathname}`);
    if (fault) {
      send(res, fault.status, { "Content-Type": fault.contentType }, fault.body);
      return done(fault.status);
    }

    const headers = headersOf(req);
    let parsed: RequestBody;
    try {
      parsed = await parseBody(raw, headers["content-type"] ?? "", url);
    } catch (error) {
      if (!(error instanceof MalformedBody)) throw error;
      send(res, 400, { "Content-Type": "application/json" }, JSON.stringify({ detail: error.message }));
      return done(400);
    }
    const answer = await dispatch(backend, {
      method,
      url,
      headers,
      body: parsed,
      ...(req.socket.remoteAddress ? { client: req.socket.remoteAddress } : {}),
    });
    const refused = options.commit?.(method) ?? null;
    if (refused !== null) {
      send(
        res,
        503,
        { "Content-Type": "application/json", "Retry-After": "30" },
        JSON.stringify({ detail: refused, code: NOT_SAVED_CODE }),
      );
      return done(503);
    }
    const body = answer.body;
    const payload =
      answer.status === 204 || body === undefined || body === null || body === ""
        ? ""
        : body instanceof Uint8Array
          ? body
          : typeof body === "string"
            ? body
            : JSON.stringify(body);
    send(res, answer.status, { ...answer.headers }, payload);
    done(answer.status);
  };

  return {
    handle: (req, res) => {
      handle(req, res).catch((error: unknown) => {
        console.error("mock-api:", error);
        if (!res.headersSent)
          send(
            res,
            500,
            { "Content-Type": "application/json" },
            JSON.stringify({ detail: "A server error occurred." }),
          );
        else res.end();
      });
    },
    backend,
    faults,
    reset,
    setOrigin: (origin) => {
      if (!options.origin) selfOrigin = origin;
      backend.siteOrigin ??= options.siteUrl ?? selfOrigin;
    },
  };
};

export const startMockApi = async (options: MockApiOptions = {}): Promise<MockApi> => {
  const api = createMockApiHandler(options);
  const server = createGuardedServer(api.handle);
  // Keep-alive sockets would hold `close()` open; the verifier and browsers reconnect cheaply.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  api.setOrigin(`http://${host}:${address.port}`);
  return {
    server,
    url: `http://${host}:${address.port}`,
    backend: api.backend,
    faults: api.faults,
    reset: api.reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
