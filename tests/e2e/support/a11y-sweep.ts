import type { Browser } from "@playwright/test";
import { actAfterTakeover, test } from "./takeover";
import type { Route, Variant } from "./a11y-routes";

/** The accessibility sweep's browser (a11y-sweep.spec.ts): one context per worker, and how each route is looked at. */

/**
 * French before any script of the app runs (every navigation of the context). The theme stays the
 * app's default, "system": the device's light or dark preference, which each test switches as a phone does.
 */
const newContext = async (browser: Browser) => {
  const context = await browser.newContext({ colorScheme: "light" });
  context.on("page", actAfterTakeover);
  await context.addInitScript(() => {
    // Also runs in frames without storage (the PDF preview's blob: frame).
    if (typeof localStorage === "undefined" || localStorage === null) return;
    // A reload keeps the language chosen (the static landing reloads to change it, as does the sweep where a page
    // has no picker).
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    if (navigation?.type === "reload") return;
    localStorage.setItem("i18nextLng", "fr");
  });
  return context;
};

export const sweep = test.extend<object, { keep: { variant: Variant | null } }>({
  keep: [
    async ({}, use) => {
      const keep: { variant: Variant | null } = { variant: null };
      await use(keep);
      await keep.variant?.page.context().close();
    },
    { scope: "worker" },
  ],
});

/** The worker's context and page, made on first use. */
export const variantOf = async (browser: Browser, keep: { variant: Variant | null }): Promise<Variant> => {
  if (!keep.variant) {
    const context = await newContext(browser);
    keep.variant = { page: await context.newPage(), signedIn: false, hrefs: new Map() };
  }
  return keep.variant;
};

/**
 * How a route is looked at in one visit: at a desk (1280 px) and on a phone (390 px), light and dark, in French,
 * then in English. The device's preference, the window's width and the language change as they do on a phone at
 * dusk, a resized window or a reader's choice in the header: the app follows all three live, so a page is loaded
 * (and signed in) once for them all. Each width gets every rule once; the other scheme at that width changes only
 * colours, and gets the rules that read them (on the first kind's screens: see `otherKind`). English changes words,
 * not elements or colours: it gets every rule once, at the phone's width, where its words have the least room.
 */
export const looks = [
  { width: 1280, height: 720, scheme: "light", rules: "all" },
  { width: 1280, height: 720, scheme: "dark", rules: "colours" },
  { width: 390, height: 844, scheme: "dark", rules: "all" },
  { width: 390, height: 844, scheme: "light", rules: "colours" },
] as const;
const narrowLooks = [
  { width: 360, height: 740, scheme: "light", rules: "all" },
  { width: 360, height: 740, scheme: "dark", rules: "colours" },
] as const;
export type Look = (typeof looks)[number] | (typeof narrowLooks)[number];
export const frenchLooks = (route: Route): readonly Look[] => [
  ...(route.otherKind ? looks.filter((look) => look.rules === "all") : looks),
  ...(route.narrow ? narrowLooks : []),
];
const englishLook = looks[2];
export const englishLooks = (route: Route): readonly Look[] => [englishLook, ...(route.narrow ? [narrowLooks[0]] : [])];
export const lookNames = (seen: readonly Look[]) => seen.map((look) => `${look.width} px ${look.scheme}`).join(", ");
