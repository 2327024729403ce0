import { existsSync } from "node:fs";
import { extname, resolve } from "node:path";
import type { Plugin } from "vite";
import { prerenderedPages } from "../../src/app/prerendered-routes.ts";
import { htmlFor } from "../../scripts/lib/html-routes.ts";

/**
 * After the build, the public pages are prerendered to HTML in Chromium (scripts/lib/prerender.ts), and
 * `vite preview` answers page URLs like production hosting must (scripts/lib/html-routes.ts).
 * CAMPUS_PRERENDER=0 builds without (the app then renders every page in the browser, as in development).
 */
export function prerenderPages(): Plugin {
  let outDir = "dist";
  let base = "/";
  let checkScripts: string[] = [];
  return {
    name: "campus-prerender",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    // The light check screen's chunks (src/entry/check-page.ts and its static imports): its pages ask for them with
    // the HTML.
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (item) => item.type === "chunk" && item.moduleIds.some((id) => /src[\\/]entry[\\/]check-page\.ts$/.test(id)),
      );
      const files = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (files.has(file) || chunk?.type !== "chunk") return;
        files.add(file);
        chunk.imports.forEach(visit);
      };
      if (entry) visit(entry.fileName);
      // Largest first: the longest downloads start earliest. The verdict waits on every one of them, the screen's
      // own ("light") as much as the call's.
      const order = (file: string) => {
        const chunk = bundle[file];
        return chunk?.type !== "chunk" ? 0 : -chunk.code.length;
      };
      checkScripts = [...files].sort((a, b) => order(a) - order(b)).map((file) => `${base}${file}`);
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        if (process.env.CAMPUS_PRERENDER === "0" || !existsSync(resolve(outDir, "index.html"))) return;
        const { prerender } = await import("../../scripts/lib/prerender.ts");
        const done = await prerender({ outDir, pages: prerenderedPages, checkScripts });
        this.info(`prerendered ${done.length} pages`);
      },
    },
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const page =
          (req.method === "GET" || req.method === "HEAD") && extname(url.pathname) === ""
            ? htmlFor(root, url.pathname)
            : null;
        if (page) req.url = page + url.search;
        next();
      });
    },
  };
}
