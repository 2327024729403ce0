import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { extname, resolve } from "node:path";
import { landingNamespaces } from "./src/i18n/landing-namespaces.ts";
import { prerenderedPages } from "./src/app/prerendered-routes.ts";
import { htmlFor } from "./scripts/lib/html-routes.ts";
import { BACKEND_PATH } from "./src/api/backend-path.ts";

// Paths the real backend serves (spec §7), every kind's included; the dev server forwards them when
// CAMPUS_API_TARGET is set (a key starting with ^ is a regular expression for Vite's proxy).
const backendPaths = BACKEND_PATH.source;
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
 * The build writes the site's config.json from the environment (README, "Deploying live mode"):
 * CAMPUS_MODE=demo (the default, the trainers' build) or live, with CAMPUS_API_BASE_URL for live ("" = the
 * site's own origin). A build asked for live without saying where the API is fails rather than guess.
 */
function runtimeConfigFile(): Plugin {
  return {
    name: "campus-runtime-config",
    apply: "build",
    generateBundle() {
      const mode = process.env.CAMPUS_MODE ?? "demo";
      if (mode !== "demo" && mode !== "live") throw new Error(`CAMPUS_MODE must be "demo" or "live", not "${mode}"`);
      const apiBaseUrl = process.env.CAMPUS_API_BASE_URL;
      if (mode === "live" && apiBaseUrl === undefined) {
        throw new Error('CAMPUS_MODE=live needs CAMPUS_API_BASE_URL (the API\'s URL, or "" for the site\'s own origin)');
      }
      const config = mode === "live" ? { mode, apiBaseUrl } : { mode };
      this.emitFile({ type: "asset", fileName: "config.json", source: `${JSON.stringify(config)}\n` });
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

/**
 * The first paint waits for config.json and the core translations, and the landing's largest element is its
 * hero image: the built index.html asks for them at once, in parallel with the scripts, instead of after the
 * scripts have run. French is the default language.
 */
function preloadStartupData(): Plugin {
  return {
    name: "campus-preload-startup-data",
    apply: "build",
    transformIndexHtml: (_html, context) => {
      const wanted = new Set(landingNamespaces.map((ns) => `src/i18n/locales/fr/${ns}.json`));
      const locales = Object.values(context.bundle ?? {}).filter(
        (output) => output.type === "asset" && output.originalFileNames.some((name) => wanted.has(name)),
      );
      return [
        { tag: "link", attrs: { rel: "preload", href: "/config.json", as: "fetch", crossorigin: "anonymous" }, injectTo: "head" },
        // The landing's largest element: discoverable from the HTML instead of after the first render.
        { tag: "link", attrs: { rel: "preload", href: "/images/hero-card.svg", as: "image", fetchpriority: "high" }, injectTo: "head" },
        ...locales.map((asset) => ({
          tag: "link",
          attrs: { rel: "preload", href: `/${asset.fileName}`, as: "fetch", crossorigin: "anonymous" },
          injectTo: "head" as const,
        })),
      ];
    },
  };
}

/**
 * The entry script is tiny and starts the app (src/start.tsx) after the first frame: the built index.html asks
 * for the app's chunks at once, so they download while the browser paints, instead of after the entry ran.
 */
function preloadApp(): Plugin {
  return {
    name: "campus-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === "chunk");
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/start.tsx"));
        if (!start) return [];
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return [...wanted].filter((fileName) => !html.includes(fileName)).map((fileName) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${fileName}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * After the build, the public pages are prerendered to HTML in Chromium (scripts/lib/prerender.ts), and
 * `vite preview` answers page URLs like production hosting must (scripts/lib/html-routes.ts).
 * CAMPUS_PRERENDER=0 builds without (the app then renders every page in the browser, as in development).
 */
function prerenderPages(): Plugin {
  let outDir = "dist";
  let base = "/";
  let checkScripts: string[] = [];
  return {
    name: "campus-prerender",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    // The light check screen's chunks (src/check-page.ts and its static imports): its pages ask for them with the HTML.
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === "chunk" && item.moduleIds.some((id) => /src[\\/]check-page\.ts$/.test(id)));
      const files = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (files.has(file) || chunk?.type !== "chunk") return;
        files.add(file);
        chunk.imports.forEach(visit);
      };
      if (entry) visit(entry.fileName);
      // The call's chunks first, largest first (the longest downloads start earliest), the screen's own
      // ("light") last: the verdict waits on the call, while the screen is only needed once the answer is in.
      const order = (file: string) => {
        const chunk = bundle[file];
        return chunk?.type !== "chunk" ? 0 : (chunk.name === "light" ? 1e9 : 0) - chunk.code.length;
      };
      checkScripts = [...files].sort((a, b) => order(a) - order(b)).map((file) => `${base}${file}`);
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        if (process.env.CAMPUS_PRERENDER === "0" || !existsSync(resolve(outDir, "index.html"))) return;
        const { prerender } = await import("./scripts/lib/prerender.ts");
        const done = await prerender({ outDir, pages: prerenderedPages, checkScripts });
        this.info(`prerendered ${done.length} pages`);
      },
    },
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const page = (req.method === "GET" || req.method === "HEAD") && extname(url.pathname) === "" ? htmlFor(root, url.pathname) : null;
        if (page) req.url = page + url.search;
        next();
      });
    },
  };
}

/**
 * The light shell every page shares (no react-aria, effect or xstate), and what the entry starts after the first
 * paint (src/start.tsx: boot, router, route tree, landing): one chunk rather than several small ones, since every
 * page loads them all. Route components split by TanStack Router (ids with a `?tsr-split` query) stay apart.
 */
const shellModules =
  /src[\\/](ui[\\/](classes|Link|NativeButton|NativeSelect|NativeFieldParts|Spinner|toast|Card|Details)\.tsx?|features[\\/](layout[\\/](PublicLayout|Brand|SkipLink|Preferences|RootShell|RouteErrorPage)|shell[\\/](?!chunk-load))|i18n[\\/](index|backend|namespaces|route-namespaces|format|LanguageSwitcher)\\.tsx?|theme[\\/](index|useTheme|ThemeSwitcher)|app[\\/](session-store|signed-in|guards|runtime-context|config)|kinds[\\/]ids|api[\\/](kind-ids|base-url)|machines[\\/]roles)/;
const startModules =
  /src[\\/](start|App|routeTree\.gen)\.tsx?$|src[\\/]app[\\/](boot|router)\.ts$|src[\\/]routes[\\/]|src[\\/]features[\\/]landing[\\/](LandingPage|icons|assets)\.tsx?$|src[\\/]features[\\/]lists[\\/]list-query\.ts$|src[\\/]i18n[\\/]landing-namespaces\.ts$/;

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
    proxy: liveTarget
      ? { [backendPaths]: { target: liveTarget, changeOrigin: true, secure: false } }
      : undefined,
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
          groups: [
            // What the tiny entry (src/main.tsx) needs before the first frame: nothing that pulls in React.
            {
              name: "boot",
              test: /src[\\/](theme[\\/]theme|features[\\/]shell[\\/]chunk-load|i18n[\\/]namespaces|app[\\/](config|session-store)|api[\\/]base-url|static-page)\.ts|vite[\\/]preload-helper/,
              priority: 30,
            },
            // What the live check page draws its answer with (src/check-page.ts), besides the API layer and the
            // check machine: nothing that pulls in React.
            {
              name: "light",
              test: /node_modules[\\/]i18next[\\/]|src[\\/](ui[\\/](classes|dom|after-paint|routed-link)|i18n[\\/](backend|format)|features[\\/]check[\\/]check-view|kinds[\\/]ids|api[\\/]kind-ids)\.ts/,
              priority: 25,
            },
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|react-i18next|use-sync-external-store)[\\/]|^\0rolldown[\\/]runtime/,
              priority: 20,
            },
            // The statecharts' library in a chunk of its own, loaded beside the schemas' (effect) rather than
            // inside it: two downloads side by side paint the check page's answer sooner on a slow network.
            {
              name: "xstate",
              test: /node_modules[\\/]xstate[\\/]/,
              priority: 18,
            },
            // The demo backend's vendor code (demo mode only): evaluated in a task before the backend's own code.
            {
              name: "mirage",
              test: /node_modules[\\/](miragejs|@miragejs|inflected|lodash|pretender|fake-xml-http-request|route-recognizer|whatwg-fetch)[\\/]/,
              priority: 15,
            },
            {
              name: "shell",
              test: (id: string) => !id.includes("?") && (shellModules.test(id) || startModules.test(id)),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
