import type { Plugin } from "vite";

/**
 * The entry script is tiny and starts the app (src/entry/start.tsx) after the first frame: the built index.html asks
 * for the app's chunks at once, so they download while the browser paints, instead of after the entry ran.
 */
export function preloadApp(): Plugin {
  return {
    name: "campus-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === "chunk");
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/entry/start.tsx"));
        if (!start) return [];
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return [...wanted]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${fileName}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}
