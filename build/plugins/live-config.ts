import type { Plugin } from "vite";
import { capabilitiesFromEnv } from "./capabilities-env.ts";

/**
 * In live dev mode, answer /config.json with a live config so the same build logic runs against the proxy, with
 * the extensions CAMPUS_CAPABILITIES declares (`npm run mock:api` offers those of DEMO_BACKEND_CAPABILITIES).
 */
export function liveConfig(): Plugin {
  return {
    name: "campus-live-config",
    configureServer(server) {
      const liveTarget = process.env.CAMPUS_API_TARGET;
      if (!liveTarget) return;
      server.middlewares.use("/config.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        const capabilities = capabilitiesFromEnv(process.env.CAMPUS_CAPABILITIES);
        res.end(
          JSON.stringify({ mode: "live", apiBaseUrl: "", ...(capabilities === undefined ? {} : { capabilities }) }),
        );
      });
    },
  };
}
