import ky, { type KyInstance } from "ky";
import { apiBaseUrl, apiPathUrl, apiRootOf } from "./base-url";
import { takeEarly } from "./early-call";

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

/**
 * The API's root, which every path of paths.ts extends: the configured base (its path kept, so a backend behind
 * `https://host/backend/` gets `https://host/backend/student/…`), or this page's origin when it is "".
 * Public pages call the API without a session: the boot's base URL then (src/api/base-url.ts).
 */
export const apiRoot = (): URL =>
  apiRootOf(runtime.baseUrl || apiBaseUrl(), typeof location === "undefined" ? "http://localhost/" : location.href);

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The absolute URL of a call: a path of paths.ts below the API root, or a link the API answered (a page's
 * `next`). A link below the API root is followed as it is. Django behind a proxy writes its links with its own
 * view of the address: another scheme or host (`http://10.0.0.5:8000/…`), or this site without the root's path
 * prefix (`https://site/student/…` for `https://site/backend/`, when Django is not told its prefix). Such a link
 * has its query applied to `ownPath`, the list's own path below the API root, so the bearer token never travels
 * anywhere else and the SPA's own pages are never asked for a list. Null for a link that is not http(s), or
 * elsewhere when there is no own path.
 */
export const resolveApiUrl = (url: string, ownPath?: string): string | null => {
  const root = apiRoot();
  if (!ABSOLUTE.test(url)) return apiPathUrl(root, url);
  let link: URL;
  try {
    link = new URL(url, root);
  } catch {
    return null;
  }
  if (link.protocol !== "http:" && link.protocol !== "https:") return null;
  if (link.origin === root.origin && link.pathname.startsWith(root.pathname)) return link.href;
  if (ownPath === undefined) return null;
  const own = new URL(apiPathUrl(root, ownPath));
  own.search = link.search;
  return own.href;
};

let builtFor = "";

const build = (): KyInstance => {
  builtFor = apiBaseUrl();
  return ky.create({
    // Every call is resolved by resolveApiUrl first: ky gets absolute URLs only.
    // Mirage (demo mode) replaces globalThis.fetch after start-up; read it on every call.
    // A call the entry script already sent (early-call.ts) is answered by that one.
    fetch: async (input, init) =>
      (input instanceof Request ? await takeEarly(input) : null) ?? globalThis.fetch(input, init),
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
