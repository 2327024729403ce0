/**
 * The API client's unit tests (src/api/request.test.ts, src/api/paths.test.ts, src/api/endpoints/*.test.ts) run
 * the real client against a stub backend behind globalThis.fetch. Their files run in Node's environment: ky,
 * Request, FormData and File must all be the runtime's own (a jsdom File appended to Node's FormData is
 * serialised empty, which would hide what the client really sends).
 */
import { afterEach, beforeEach, expect, vi } from "vitest";
import { ApiError } from "./errors";
import { configureApi } from "./runtime";

/** What the stub backend received: one entry per HTTP attempt. */
export interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly href: string;
  readonly headers: Headers;
  /** Parsed body: FormData for multipart, a value for JSON, text otherwise, null when empty. */
  readonly body: unknown;
}

type Handler = (sent: Sent, attempt: number) => Response | Promise<Response>;

const readSent = async (request: Request): Promise<Sent> => {
  const type = request.headers.get("content-type") ?? "";
  const copy = request.clone();
  let body: unknown = null;
  if (type.startsWith("multipart/form-data")) body = await copy.formData();
  else {
    const text = await copy.text();
    if (text !== "") body = type.includes("json") ? JSON.parse(text) : text;
  }
  return { method: request.method, url: new URL(request.url), href: request.url, headers: request.headers, body };
};

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
export const empty = (status: number) => new Response(null, { status });

/**
 * The stub backend of one test file (call it once, at the top level). Each test starts with nothing sent, no
 * token, every call answered 204 and the client configured for http://localhost; fetch and timers are restored
 * after it. A test sets `token` and the answers, and reads `sent`.
 */
export const useStubBackend = () => {
  const backend = {
    sent: [] as Sent[],
    handler: (() => empty(204)) as Handler,
    token: null as string | null,
    onUnauthorized: vi.fn(),
    /** Answers every request with the same (fresh) response. */
    answer: (make: () => Response): void => {
      backend.handler = () => make();
    },
    /** Answers attempt n with makes[n-1]; the last one repeats. */
    answerInTurn: (...makes: ((sent: Sent) => Response)[]): void => {
      backend.handler = (s, attempt) => makes[Math.min(attempt, makes.length) - 1]!(s);
    },
    /** The one request of the test (fails it when there were none or more). */
    only: (): Sent => {
      expect(backend.sent).toHaveLength(1);
      return backend.sent[0]!;
    },
  };

  const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const entry = await readSent(request);
    backend.sent.push(entry);
    return backend.handler(entry, backend.sent.length);
  };

  beforeEach(() => {
    backend.sent = [];
    backend.token = null;
    backend.onUnauthorized = vi.fn();
    backend.handler = () => empty(204);
    vi.stubGlobal("fetch", vi.fn(stubFetch));
    configureApi({
      baseUrl: "http://localhost",
      getToken: () => backend.token,
      onUnauthorized: backend.onUnauthorized,
      timeoutMs: 20_000,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  return backend;
};

/** The ApiError a call rejects with (fails the test when it resolves or rejects with something else). */
export const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  if (outcome.error instanceof ApiError) return outcome.error;
  throw new Error(`expected an ApiError, got ${String(outcome.error)}`);
};

export const params = (s: Sent) => Object.fromEntries(s.url.searchParams);
export const formEntries = (s: Sent): FormData => {
  if (s.body instanceof FormData) return s.body;
  throw new Error(`expected a multipart body, got ${String(s.body)}`);
};
