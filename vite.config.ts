import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { fileURLToPath } from "node:url";
import { BACKEND_PATH } from "./src/api/backend-path.ts";
import { chunkGroups } from "./build/chunk-groups.ts";
import { chunkGraph } from "./build/plugins/chunk-graph.ts";
import { contentSecurityPolicy } from "./build/plugins/content-security-policy.ts";
import { liveConfig } from "./build/plugins/live-config.ts";
import { preloadApp } from "./build/plugins/preload-app.ts";
import { preloadStartupData } from "./build/plugins/preload-startup-data.ts";
import { prerenderPages } from "./build/plugins/prerender-pages.ts";
import { runtimeConfigFile } from "./build/plugins/runtime-config-file.ts";
import { offlineServiceWorkers } from "./build/plugins/offline-sw.ts";

// Paths the real backend serves (docs/spec.md §7), every kind's included; the dev server forwards them when
// CAMPUS_API_TARGET is set (a key starting with ^ is a regular expression for Vite's proxy).
const backendPaths = BACKEND_PATH.source;
const liveTarget = process.env.CAMPUS_API_TARGET;

export default defineConfig({
  // CAMPUS_DEMO=0: the demo backend (its seed and accounts) is left out of the build altogether.
  define: { __CAMPUS_DEMO__: JSON.stringify(process.env.CAMPUS_DEMO !== "0") },
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // The landing page renders from the first scripts, without waiting for a route chunk.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === "/" || routeId === "/home" ? [] : undefined),
      },
    }),
    react(),
    tailwindcss(),
    liveConfig(),
    runtimeConfigFile(),
    contentSecurityPolicy(),
    preloadStartupData(),
    preloadApp(),
    prerenderPages(),
    chunkGraph(),
    offlineServiceWorkers(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL("./src/vendor/use-sync-external-store-shim.ts", import.meta.url)),
      },
    ],
  },
  server: {
    host: "127.0.0.1",
    proxy: liveTarget ? { [backendPaths]: { target: liveTarget, changeOrigin: true, secure: false } } : undefined,
  },
  preview: { host: "127.0.0.1" },
  // The demo backend's worker loads the card renderer (pdf-lib, fontkit) only when a card PDF is asked for.
  worker: { format: "es" },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Every browser the app supports handles <link rel="modulepreload"> natively.
    modulePreload: { polyfill: false },
    // Locale files are fetched as JSON assets (src/i18n/backend.ts): never inline them into the scripts.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rolldownOptions: {
      output: {
        // Every page needs React, the router and i18next, and the light shell around them: two chunks rather
        // than a dozen small ones (each request costs a round trip and its own compression window).
        codeSplitting: {
          groups: chunkGroups,
        },
      },
    },
  },
});
