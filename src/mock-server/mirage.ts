import { createServer, Response, type Request, type Server } from "miragejs";
import type { DemoRequest, DemoResponse, RequestBody, UploadedFile } from "./http";

/**
 * Mirage carries the requests in the browser (and in jsdom tests): each route of the backend becomes a Mirage
 * route; everything else passes through to the network.
 */

export interface MirageOptions {
  readonly environment: "development" | "test";
  readonly logging: boolean;
  /** Artificial latency in ms. */
  readonly timing: number;
}

const readBlob = async (blob: Blob): Promise<Uint8Array> =>
  typeof blob.arrayBuffer === "function"
    ? new Uint8Array(await blob.arrayBuffer())
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

const isFormData = (value: unknown): value is FormData =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as FormData).entries === "function" &&
  typeof (value as FormData).append === "function";

/** Mirage hands over the raw XHR body: a JSON string, a FormData, or nothing. */
const readBody = async (raw: unknown): Promise<RequestBody> => {
  if (raw === null || raw === undefined || raw === "") return { type: "none" };
  if (isFormData(raw)) {
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    for (const [name, value] of raw.entries()) {
      if (typeof value === "string") fields[name] = value;
      else files[name] = { bytes: await readBlob(value), type: value.type, name: value.name };
    }
    return { type: "form", fields, files };
  }
  if (typeof raw === "string") {
    try {
      return { type: "json", value: JSON.parse(raw) as unknown };
    } catch {
      return { type: "text", value: raw };
    }
  }
  return { type: "none" };
};

const toDemoRequest = async (request: Request): Promise<Omit<DemoRequest, "params">> => {
  const r = request as Request & { method?: string; requestBody: unknown };
  return {
    method: r.method ?? "GET",
    url: new URL(request.url, location.href),
    headers: Object.fromEntries(
      Object.entries(request.requestHeaders ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    ),
    body: await readBody(r.requestBody),
  };
};

const toMirageResponse = (answer: DemoResponse): Response =>
  new Response(answer.status, { ...answer.headers }, answer.body === undefined ? "" : (answer.body as string | object));

/**
 * Mirage 0.1.48 mishandles a Promise that resolves to a Response (it keeps the Promise itself and later calls
 * `toRackResponse` on it). Our handlers are async (multipart files are read asynchronously), so the Promise gets a
 * `toRackResponse` that forwards to the resolved Response; with a fixed Mirage the Response is used directly.
 */
const asyncResponse = (work: Promise<DemoResponse>): Promise<Response> => {
  let resolved: Response | undefined;
  const promise = work.then((answer) => (resolved = toMirageResponse(answer)));
  return Object.assign(promise, {
    toRackResponse: () => {
      if (!resolved) throw new Error("Demo response read before it was ready");
      return resolved.toRackResponse();
    },
  });
};

/**
 * Lets binary bodies (PDF, CSV bytes) reach the client intact: Mirage would JSON-encode a Uint8Array and the fake
 * XMLHttpRequest only takes strings, so bytes become a Blob on the fake request's `response` (an ArrayBuffer when
 * the caller asked for one), which the fetch polyfill hands to `Response.blob()` unchanged.
 */
/** Byte arrays of any realm (jsdom tests mix Node's and the window's typed arrays). */
const isBytes = (value: unknown): value is Uint8Array =>
  Object.prototype.toString.call(value) === "[object Uint8Array]";

const allowBinaryBodies = (server: Server) => {
  const internals = server as unknown as { _serialize: (body: unknown) => unknown };
  const serialize = internals._serialize.bind(server);
  internals._serialize = (body) => (isBytes(body) ? body : serialize(body));
  const Fake = globalThis.XMLHttpRequest as unknown as { prototype: Record<string, unknown> };
  const proto = Fake.prototype as {
    _setResponseBody: (this: FakeXhr, body: unknown) => void;
  };
  const setBody = proto._setResponseBody;
  proto._setResponseBody = function (this: FakeXhr, body: unknown) {
    if (!isBytes(body)) return setBody.call(this, body);
    const type = this.getResponseHeader("Content-Type") ?? "application/octet-stream";
    const bytes = new Uint8Array(body); // a copy in this realm (TextEncoder output may come from another one)
    this.responseText = "";
    this.response =
      this.responseType === "arraybuffer"
        ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
        : new Blob([bytes], { type });
    if (this.async) this._readyStateChange(4);
    else this.readyState = 4;
  };
};
interface FakeXhr {
  async: boolean;
  responseType: string;
  readyState: number;
  response: unknown;
  responseText: string;
  getResponseHeader: (name: string) => string | null;
  _readyStateChange: (state: number) => void;
}

/** Where the backend answers: its paths' prefixes, and the answer to a request (in this thread or a worker). */
export interface DemoAnswerer {
  readonly prefixes: readonly string[];
  readonly answer: (request: Omit<DemoRequest, "params">) => Promise<DemoResponse>;
}

export const startMirage = (backend: DemoAnswerer, options: MirageOptions): Server => {
  const server = createServer({
    environment: options.environment,
    // Mirage's own defaults let a Chrome extension's and a hot-reload server's URLs through: none here.
    useDefaultPassthroughs: false,
    routes() {
      this.timing = options.timing;
      // One catch-all per backend prefix and verb, answered by the same router as in Node (`dispatch`): unknown
      // paths get the API's JSON 404 instead of reaching the network, and Mirage starts without registering
      // every route pattern (~10 ms on a phone-speed CPU).
      for (const prefix of backend.prefixes) {
        for (const verb of ["get", "post", "put", "patch", "del"] as const) {
          this[verb](`${prefix}*rest`, (_schema, request) =>
            asyncResponse(toDemoRequest(request).then(backend.answer)),
          );
        }
      }
      // config.json, locale files, fonts, Vite chunks: the current origin and any other pass through.
      this.passthrough("/**", "/", ["get", "head"]);
      this.passthrough((request: Request) => new URL(request.url, location.href).origin !== location.origin);
    },
  });
  server.logging = options.logging;
  allowBinaryBodies(server);
  return server;
};
