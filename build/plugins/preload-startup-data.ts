import type { Plugin } from "vite";
import { landingNamespaces } from "../../src/i18n/landing-namespaces.ts";

/**
 * The first paint waits for config.json and the core translations, and the landing's largest element is its
 * hero image: the built index.html asks for them at once, in parallel with the scripts, instead of after the
 * scripts have run. French is the default language.
 */
export function preloadStartupData(): Plugin {
  return {
    name: "campus-preload-startup-data",
    apply: "build",
    transformIndexHtml: (_html, context) => {
      const wanted = new Set(landingNamespaces.map((ns) => `src/i18n/locales/fr/${ns}.json`));
      const locales = Object.values(context.bundle ?? {}).filter(
        (output) => output.type === "asset" && output.originalFileNames.some((name) => wanted.has(name)),
      );
      return [
        {
          tag: "link",
          attrs: { rel: "preload", href: "/config.json", as: "fetch", crossorigin: "anonymous" },
          injectTo: "head",
        },
        // The landing's largest element: discoverable from the HTML instead of after the first render.
        {
          tag: "link",
          attrs: { rel: "preload", href: "/images/hero-card.svg", as: "image", fetchpriority: "high" },
          injectTo: "head",
        },
        ...locales.map((asset) => ({
          tag: "link",
          attrs: { rel: "preload", href: `/${asset.fileName}`, as: "fetch", crossorigin: "anonymous" },
          injectTo: "head" as const,
        })),
      ];
    },
  };
}
