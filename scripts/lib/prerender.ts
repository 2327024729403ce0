/**
 * Build-time prerendering of the public pages: the built app runs in Chromium (live mode, an API that never
 * answers, so every page shows what a first visit shows before any data), and each page's rendered HTML is
 * written next to index.html (`/auth` → auth.html). The browser paints it before any script runs; the app
 * replaces it with the same page once loaded (src/main.tsx, src/start.tsx). The untouched shell becomes
 * spa.html, the answer for every other URL.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { SPA_SHELL } from "./html-routes.ts";
import { serveStatic } from "./static-server.ts";

/** An address nothing is served from: the browser's requests to it are held unanswered. */
const SILENT_API = "http://127.0.0.1:9";
const ROOT_TAG = '<div id="root"></div>';

export interface PrerenderOptions {
  readonly outDir: string;
  readonly routes: readonly string[];
  readonly chromiumPath?: string;
}

/** The file a page's HTML goes to: `/` → index.html, `/a/b` → a/b.html. */
export const fileFor = (route: string): string => (route === "/" ? "index.html" : `${route.replace(/^\/+|\/+$/g, "")}.html`);

/**
 * A page's document: the shell's head tuned for a page that paints without scripts, and its rendered HTML.
 * Every request that ends before the first paint delays it on a slow network, so the head keeps only what that
 * paint needs: the styles, the entry script and the images the page shows. The app's scripts (the shell's
 * modulepreloads and the page's own chunks) are named on the root element instead; the entry asks for them
 * once the page is on screen (src/main.tsx). Translations and config.json are fetched by the app then too.
 */
export const pageHtml = (shell: string, html: string, scripts: readonly string[]): string => {
  const preloaded: string[] = [];
  let head = shell.replace(/\n\s*<link rel="modulepreload" crossorigin href="([^"]*)">/g, (_tag: string, href: string) => {
    preloaded.push(href);
    return "";
  });
  head = head.replace(/\n\s*<link rel="preload" href="[^"]*" as="fetch"[^>]*>/g, "");
  head = head.replace(/\n\s*<link rel="preload" href="([^"]*)" as="image"[^>]*>/g, (tag: string, href: string) => (html.includes(href) ? tag : ""));
  const entry = /<script type="module" crossorigin src="([^"]*)">/.exec(head)?.[1];
  const later = [...new Set([...preloaded, ...scripts])].filter((path) => path.startsWith("/assets/") && path !== entry);
  // Hidden until the entry script has checked the reader's language (src/styles.css); shown without scripts.
  const noscript = "<noscript><style>#root[data-prerendered] { visibility: visible; }</style></noscript>";
  return head
    .replace("</head>", `  ${noscript}\n  </head>`)
    .replace(ROOT_TAG, `<div id="root" data-prerendered="pending" data-scripts="${later.join(" ")}">${html}</div>`);
};

export const prerender = async ({ outDir, routes, chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }: PrerenderOptions) => {
  const shell = readFileSync(join(outDir, "index.html"), "utf8");
  if (!shell.includes(ROOT_TAG)) throw new Error(`prerender: ${ROOT_TAG} not found in index.html`);
  const { chromium } = await import("playwright-core");
  const server = await serveStatic(outDir, { mode: "live", apiBaseUrl: SILENT_API });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const pages = new Map<string, { html: string; scripts: string[] }>();
  try {
    const context = await browser.newContext({ locale: "fr-FR", colorScheme: "light", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.route(`${SILENT_API}/**`, () => undefined);
    for (const route of routes) {
      const scripts: string[] = [];
      const onRequest = (request: { url: () => string; resourceType: () => string }) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      };
      page.on("request", onRequest);
      await page.goto(`${server.url}${route}`);
      await page.waitForSelector("#root[data-app-ready]", { state: "attached", timeout: 30_000 });
      // Effects of the first render (reference data "loading" hints, focus targets) settle.
      await page.waitForTimeout(300);
      const html = await page.$eval("#root", (root) => {
        // Typing into a form before the app takes over would be lost when it does: forms wait for it.
        for (const form of root.querySelectorAll("form")) form.setAttribute("inert", "");
        return root.innerHTML;
      });
      page.off("request", onRequest);
      if (!html.trim()) throw new Error(`prerender: ${route} rendered nothing`);
      pages.set(route, { html, scripts });
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(join(outDir, SPA_SHELL), shell);
  for (const [route, { html, scripts }] of pages) {
    const file = join(outDir, fileFor(route));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageHtml(shell, html, scripts));
  }
  return [...pages.keys()];
};
