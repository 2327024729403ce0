/**
 * Build-time prerendering of the public pages: the built app runs in Chromium (live mode, an API that never
 * answers, so every page shows what a first visit shows before any data), and each page's rendered HTML is
 * written next to index.html (`/auth` → auth.html). The browser paints it before any script runs; the app
 * replaces it with the same page once loaded (src/entry/main.tsx, src/entry/start.tsx). The untouched shell becomes
 * spa.html, the answer for every other URL.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PrerenderedPage } from "../../src/app/prerendered-routes.ts";
import { BOOT } from "../../src/entry/boot-attributes.ts";
import { CHECK_SCREEN_NAMESPACES, CHECK_TRANSLATIONS_ID } from "../../src/i18n/namespaces.ts";
import { CHROMIUM_ARGS } from "./chromium-args.ts";
import { SPA_SHELL } from "./html-routes.ts";
import { serveStatic } from "./static-server.ts";

/**
 * The browser that renders the pages: CHROMIUM_PATH, else Debian's headless shell (the browser tests' own: a fresh
 * machine needs no second Chromium for `npm test`), else the desktop Chromium.
 */
export const prerenderBrowser = (
  env: { readonly CHROMIUM_PATH?: string },
  installed: (path: string) => boolean = existsSync,
): string =>
  env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find(installed) ??
  "/usr/bin/chromium-headless-shell";

/** An address nothing is served from: the browser's requests to it are held unanswered. */
const SILENT_API = "http://127.0.0.1:9";
const ROOT_TAG = '<div id="root"></div>';
/** Prerendered pages stay hidden until the entry script has checked the reader's language (src/styles.css). */
const NOSCRIPT = `<noscript><style>#root[${BOOT.prerendered}] { visibility: visible; }</style></noscript>`;

export interface PrerenderOptions {
  readonly outDir: string;
  readonly pages: readonly PrerenderedPage[];
  readonly chromiumPath?: string;
  /** The scripts of the live-mode check screen (src/entry/check-page.ts and what it imports), from the bundle. */
  readonly checkScripts?: readonly string[];
}

/** The file a page's HTML goes to: `/` → index.html, `/a/b` → a/b.html, or the page's own template file. */
export const fileFor = (page: PrerenderedPage): string =>
  page.file ?? (page.path === "/" ? "index.html" : `${page.path.replace(/^\/+|\/+$/g, "")}.html`);

/** What a page asked for while it rendered: its scripts and its translations. */
export interface PageRequests {
  readonly scripts: readonly string[];
  readonly data: readonly string[];
}

/** The shell's head without its preloaded translations (the landing's, in the shell). */
const withoutTranslationPreloads = (head: string): string =>
  head.replace(/\n\s*<link rel="preload" href="\/assets\/[^"]*" as="fetch"[^>]*>/g, "");

/** The head keeping only the image preloads of images the page shows. */
const withShownImagesOnly = (head: string, html: string): string =>
  head.replace(/\n\s*<link rel="preload" href="([^"]*)" as="image"[^>]*>/g, (tag: string, href: string) =>
    html.includes(href) ? tag : "",
  );

/**
 * A page's document: the shell's head tuned for a page that paints without scripts, and its rendered HTML.
 * Every request that ends before the first paint delays it on a slow network, so the head keeps only what that
 * paint needs: the styles, the entry script and the images the page shows. The app's scripts (the shell's
 * modulepreloads and the page's own chunks) are named on the root element instead; the entry asks for them
 * once the page is on screen (src/entry/main.tsx). Translations and config.json are fetched by the app then too.
 */
export interface PageOptions {
  readonly eager?: boolean;
  readonly static?: PrerenderedPage["static"];
  /** For a "check" page: the scripts that draw it without the app. */
  readonly checkScripts?: readonly string[];
  /** For a "check" page: the text of a translation file the page asked for (its path under the output). */
  readonly readAsset?: (path: string) => string;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

export const pageHtml = (
  shell: string,
  html: string,
  { scripts, data }: PageRequests,
  options: PageOptions = {},
): string => {
  if (options.static === "check") return lightCheckPageHtml(shell, html, { scripts, data }, options);
  if (options.eager) return eagerPageHtml(shell, html, { scripts, data });
  const isStatic = options.static !== undefined;
  const preloaded: string[] = [];
  let head = shell.replace(
    /\n\s*<link rel="modulepreload" crossorigin href="([^"]*)">/g,
    (_tag: string, href: string) => {
      preloaded.push(href);
      return "";
    },
  );
  head = head.replace(/\n\s*<link rel="preload" href="[^"]*" as="fetch"[^>]*>/g, "");
  head = withShownImagesOnly(head, html);
  const entry = /<script type="module" crossorigin src="([^"]*)">/.exec(head)?.[1];
  const later = [...new Set([...preloaded, ...scripts])].filter(
    (path) => path.startsWith("/assets/") && path !== entry,
  );
  // Hidden until the entry script has checked the reader's language (src/styles.css); shown without scripts.
  return head
    .replace("</head>", `  ${NOSCRIPT}\n  </head>`)
    .replace(
      ROOT_TAG,
      `<div id="root" ${BOOT.prerendered}="pending"${isStatic ? ` ${BOOT.static}="${options.static}"` : ""} ${BOOT.scripts}="${later.join(" ")}">${html}</div>`,
    );
};

/** The head's lines preloading `paths`, as modulepreloads (scripts) or fetch preloads (translations). */
const modulePreloads = (paths: readonly string[]) =>
  paths.map((path) => `<link rel="modulepreload" crossorigin href="${path}">`);
const fetchPreloads = (paths: readonly string[]) =>
  paths.map((path) => `<link rel="preload" href="${path}" as="fetch" crossorigin="anonymous">`);
const withHeadLinks = (head: string, links: readonly string[]) =>
  head.replace("</head>", `${links.map((link) => `  ${link}\n`).join("")}  ${NOSCRIPT}\n  </head>`);

/**
 * An eager page's document (a check page for the app): its content comes from the API, so its scripts, the
 * translations it renders with and config.json are all asked for with the HTML, and the app starts without
 * waiting for a paint.
 */
const eagerPageHtml = (shell: string, html: string, { scripts, data }: PageRequests): string => {
  const head = withShownImagesOnly(withoutTranslationPreloads(shell), html);
  const links = [
    ...modulePreloads([...new Set(scripts)].filter((path) => path.startsWith("/assets/") && !head.includes(path))),
    ...fetchPreloads([...new Set(data)].filter((path) => path.startsWith("/assets/"))),
  ];
  return withHeadLinks(head, links).replace(
    ROOT_TAG,
    `<div id="root" ${BOOT.prerendered}="pending" ${BOOT.start}="now">${html}</div>`,
  );
};

/**
 * A check page's document in live mode (src/entry/check-page.ts draws its answer without the app): the light screen's
 * scripts come with the HTML, before config.json (they are longer), and its translations inside it (one request
 * less on each of three connections). The app's scripts are named on the root element, for the visitors who get
 * the app (demo mode, English readers, signed-in agents).
 */
const lightCheckPageHtml = (
  shell: string,
  html: string,
  { scripts, data }: PageRequests,
  { checkScripts = [], readAsset }: PageOptions,
): string => {
  const light = [...new Set(checkScripts)];
  const later: string[] = [];
  let config = "";
  const head = withShownImagesOnly(withoutTranslationPreloads(shell), html)
    // The shell's preloads stay only where the light screen uses them (the boot chunk); the app's wait.
    .replace(/\n\s*<link rel="modulepreload" crossorigin href="([^"]*)">/g, (tag: string, href: string) => {
      if (light.includes(href)) return tag;
      later.push(href);
      return "";
    })
    .replace(/\n\s*<link rel="preload" href="[^"]*config\.json"[^>]*>/, (tag: string) => {
      config = tag.trim();
      return "";
    });
  const entry = /<script type="module" crossorigin src="([^"]*)">/.exec(head)?.[1];
  const translations = [...new Set(data)].filter((path) => path.startsWith("/assets/"));
  const screenTranslations = Object.fromEntries(
    CHECK_SCREEN_NAMESPACES.flatMap((namespace) => {
      const path = translations.find((candidate) => new RegExp(`/${namespace}-[\\w-]+\\.json$`).test(candidate));
      return path && readAsset ? [[namespace, JSON.parse(readAsset(path)) as unknown]] : [];
    }),
  );
  const inlined = Object.keys(screenTranslations).length === CHECK_SCREEN_NAMESPACES.length;
  const links = [
    ...modulePreloads(light.filter((path) => path.startsWith("/assets/") && !head.includes(path))),
    ...(config ? [config] : []),
    ...(inlined ? [jsonBlock(CHECK_TRANSLATIONS_ID, screenTranslations)] : []),
  ];
  const appScripts = [...new Set([...later, ...scripts])].filter(
    (path) => path.startsWith("/assets/") && path !== entry && !light.includes(path),
  );
  return withHeadLinks(head, links).replace(
    ROOT_TAG,
    `<div id="root" ${BOOT.prerendered}="pending" ${BOOT.start}="now" ${BOOT.static}="check" ${BOOT.scripts}="${appScripts.join(" ")}">${html}</div>`,
  );
};

/** The build's config.json `contact` (the build writes it before the pages are prerendered), if it has one. */
const siteContact = (outDir: string): { contact?: unknown } => {
  const file = join(outDir, "config.json");
  if (!existsSync(file)) return {};
  const { contact } = JSON.parse(readFileSync(file, "utf8")) as { contact?: unknown };
  return contact === undefined ? {} : { contact };
};

export const prerender = async ({
  outDir,
  pages: wanted,
  chromiumPath = prerenderBrowser(process.env),
  checkScripts = [],
}: PrerenderOptions) => {
  const shell = readFileSync(join(outDir, "index.html"), "utf8");
  if (!shell.includes(ROOT_TAG)) throw new Error(`prerender: ${ROOT_TAG} not found in index.html`);
  const { chromium } = await import("playwright-core");
  // Pages are rendered from the shell without the landing's preloads, so what a page asks for is its own.
  writeFileSync(join(outDir, SPA_SHELL), withoutTranslationPreloads(shell));
  // The site's texts from its own config.json (the card office's contact, kept in the static pages); no API is called.
  const server = await serveStatic(outDir, { mode: "live", apiBaseUrl: SILENT_API, ...siteContact(outDir) });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS],
  });
  const pages = new Map<PrerenderedPage, { html: string; title: string; requests: PageRequests }>();
  try {
    const context = await browser.newContext({
      locale: "fr-FR",
      colorScheme: "light",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.route(`${SILENT_API}/**`, () => undefined);
    for (const wantedPage of wanted) {
      const route = wantedPage.path;
      const scripts: string[] = [];
      const data: string[] = [];
      const onRequest = (request: { url: () => string; resourceType: () => string }) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === "script") scripts.push(path);
        else if (path.endsWith(".json")) data.push(path);
      };
      page.on("request", onRequest);
      await page.goto(`${server.url}${route}`);
      await page.waitForSelector(`#root[${BOOT.appReady}]`, { state: "attached", timeout: 30_000 });
      // Effects of the first render (reference data "loading" hints, focus targets) settle.
      await page.waitForTimeout(300);
      const html = await page.$eval("#root", (root) => {
        // Typing into a form before the app takes over would be lost when it does: forms wait for it.
        for (const form of root.querySelectorAll("form")) form.setAttribute("inert", "");
        // A control's current state is a property the HTML does not carry: written as attributes, the page shows
        // the app's choices (the theme picker's "system", not its first option) before any script runs.
        for (const option of root.querySelectorAll("option")) option.toggleAttribute("selected", option.selected);
        for (const input of root.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]"))
          input.toggleAttribute("checked", input.checked);
        return root.innerHTML;
      });
      // The page's own title (src/features/layout/document-title.ts), so the static HTML is titled before the app runs.
      const title = await page.title();
      page.off("request", onRequest);
      if (!html.trim()) throw new Error(`prerender: ${route} rendered nothing`);
      pages.set(wantedPage, { html, title, requests: { scripts, data } });
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(join(outDir, SPA_SHELL), shell);
  const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  for (const [page, { html, title, requests }] of pages) {
    const file = join(outDir, fileFor(page));
    mkdirSync(dirname(file), { recursive: true });
    const readAsset = (path: string) => readFileSync(join(outDir, path), "utf8");
    const built = pageHtml(shell, html, requests, {
      eager: page.eager ?? false,
      static: page.static,
      checkScripts,
      readAsset,
    });
    writeFileSync(
      file,
      title ? built.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`) : built,
    );
  }
  return [...pages.keys()].map(fileFor);
};
