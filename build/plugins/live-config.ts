import type { Plugin } from "vite";

/** In live dev mode, answer /config.json with a live config so the same build logic runs against the proxy. */
export function liveConfig(): Plugin {
  return {
    name: "campus-live-config",
    configureServer(server) {
      const liveTarget = process.env.CAMPUS_API_TARGET;
      if (!liveTarget) return;
      server.middlewares.use("/config.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ mode: "live", apiBaseUrl: "" }));
      });
    },
  };
}
