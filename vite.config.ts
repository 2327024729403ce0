import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

// Paths the real backend serves (spec §7); the dev server forwards them when CAMPUS_API_TARGET is set.
const backendPrefixes = ["/api", "/base", "/student/api", "/staff/api", "/teacher/api", "/institution"];
const liveTarget = process.env.CAMPUS_API_TARGET;

/** In live dev mode, answer /config.json with a live config so the same build logic runs against the proxy. */
function liveConfig(): Plugin {
  return {
    name: "campus-live-config",
    configureServer(server) {
      if (!liveTarget) return;
      server.middlewares.use("/config.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ mode: "live", apiBaseUrl: "" }));
      });
    },
  };
}

/**
 * The built index.html carries a Content-Security-Policy without inline scripts. Dev mode is left alone: its
 * React refresh preamble is an inline script.
 */
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "frame-src 'self' blob: data:",
  "object-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");
function contentSecurityPolicy(): Plugin {
  return {
    name: "campus-csp",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: csp }, injectTo: "head-prepend" },
    ],
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    liveConfig(),
    contentSecurityPolicy(),
  ],
  server: {
    host: "127.0.0.1",
    proxy: liveTarget
      ? Object.fromEntries(backendPrefixes.map((p) => [p, { target: liveTarget, changeOrigin: true, secure: false }]))
      : undefined,
  },
  preview: { host: "127.0.0.1" },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Locale files are fetched as JSON assets (src/i18n/backend.ts): never inline them into the scripts.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rolldownOptions: {
      output: {
        // Every page needs React, the router and i18next, and the light shell around them: two chunks rather
        // than a dozen small ones (each request costs a round trip and its own compression window).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|i18next|react-i18next|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: "shell",
              test: /src[\\/](ui[\\/](classes|Link|NativeButton|NativeSelect|Spinner|toast|Card|Details)\.tsx?|features[\\/](layout[\\/](PublicLayout|Brand|SkipLink|Preferences|RootShell|SessionNavigator|RouteErrorPage)|shell[\\/])|i18n[\\/](index|backend|namespaces|route-namespaces|format|LanguageSwitcher)\\.tsx?|theme[\\/]|app[\\/](session-store|signed-in|return-path|guards|runtime-context|config)|kinds[\\/]ids|api[\\/]paths|machines[\\/]roles)/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
