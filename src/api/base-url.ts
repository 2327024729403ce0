/**
 * Where API calls go: the runtime config's apiBaseUrl ("" = same origin). Boot sets it before any route runs;
 * the API client reads it when it is built. Kept apart from the client so boot can set it without loading ky,
 * the schemas or the session.
 */
let baseUrl = "";

export const setApiBaseUrl = (url: string): void => {
  baseUrl = url;
};

export const apiBaseUrl = (): string => baseUrl;

/**
 * The API's root, which every path of paths.ts extends: `base` with its path kept (a backend behind
 * `https://host/backend/` gets `https://host/backend/student/…`), or this page's origin when it is "".
 */
export const apiRootOf = (base: string, here: string): URL => {
  const root = new URL(base || "/", here);
  if (!root.pathname.endsWith("/")) root.pathname += "/";
  root.search = "";
  root.hash = "";
  return root;
};

/** The absolute URL of a path of paths.ts below the API root. */
export const apiPathUrl = (root: URL, path: string): string => new URL(path.replace(/^\/+/, ""), root).href;
