import { Result, Schema } from "effect";

/**
 * Runtime configuration read from /config.json next to index.html, so one build serves demo and live.
 * Demo: the embedded Mirage backend answers every call. Live: calls go to apiBaseUrl ("" = same origin).
 */
export const RuntimeConfig = Schema.Struct({
  mode: Schema.Literals(["demo", "live"]),
  apiBaseUrl: Schema.optionalKey(Schema.String),
  demoBulk: Schema.optionalKey(Schema.Number),
});
export type RuntimeConfig = Schema.Schema.Type<typeof RuntimeConfig>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Fetched with the browser's own fetch, before the demo server (if any) replaces it. */
export const loadRuntimeConfig = async (fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<RuntimeConfig> => {
  const response = await fetcher(`${import.meta.env.BASE_URL}config.json`, { cache: "no-store" });
  // No config file at all: a developer's checkout, where the demo is the useful default.
  if (response.status === 404) return { mode: "demo" };
  if (!response.ok) throw new ConfigError(`config.json answered ${response.status}`);
  const decoded = Schema.decodeUnknownResult(RuntimeConfig)(await response.json());
  if (Result.isFailure(decoded)) throw new ConfigError(`config.json is malformed: ${String(decoded.failure)}`);
  return decoded.success;
};
