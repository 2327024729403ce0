import { setApiBaseUrl } from "../api/base-url";
import { setKindRoutes } from "../api/paths";
import type { RuntimeConfig } from "./config";

/**
 * Where the API client sends its calls, from the config: in demo mode the embedded backend, at the app's own
 * paths (it answers there only, so config.json's apiBaseUrl and kindPaths are for live mode); in live mode
 * apiBaseUrl and each kind's route config.json sets. Boot calls it before any route runs.
 */
export const setUpApi = (config: RuntimeConfig): void => {
  const live = config.mode === "live";
  setApiBaseUrl(live ? (config.apiBaseUrl ?? "") : "");
  setKindRoutes(live ? (config.kindPaths ?? {}) : {});
};
