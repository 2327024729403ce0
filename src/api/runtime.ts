import ky, { type KyInstance } from "ky";
import { apiBaseUrl } from "./base-url";

/**
 * The one ky instance. Its base URL comes from the runtime config; the token and the 401 listener are
 * installed by the session so this module never imports React or machines.
 */
export interface ApiRuntime {
  baseUrl: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
  timeoutMs: number;
}

export const runtime: ApiRuntime = {
  baseUrl: "",
  getToken: () => null,
  onUnauthorized: () => {},
  timeoutMs: 20_000,
};

export const configureApi = (patch: Partial<ApiRuntime>): void => {
  Object.assign(runtime, patch);
  client = build();
};

let builtFor = "";

const build = (): KyInstance => {
  builtFor = apiBaseUrl();
  return ky.create({
    // Public pages call the API without a session: the boot's base URL then (src/api/base-url.ts).
    baseUrl: runtime.baseUrl || apiBaseUrl() || (typeof location === "undefined" ? "http://localhost" : location.origin),
    // Mirage (demo mode) replaces globalThis.fetch after start-up; read it on every call.
    fetch: (input, init) => globalThis.fetch(input, init),
    timeout: runtime.timeoutMs,
    // 5xx throws so ky can retry it; request.ts turns every outcome into a value or an ApiError.
    throwHttpErrors: (status) => status >= 500,
    // GET retries on network failure and 5xx; POST/PUT/DELETE never repeat (ky's default method list).
    retry: { limit: 2, methods: ["get"], statusCodes: [500, 502, 503, 504], backoffLimit: 2000, maxRetryAfter: 5000 },
  });
};

let client: KyInstance = build();

/** The client, rebuilt when the boot's base URL changed since it was built. */
export const apiClient = (): KyInstance => {
  if (builtFor !== apiBaseUrl()) client = build();
  return client;
};
