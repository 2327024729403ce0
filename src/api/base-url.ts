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
