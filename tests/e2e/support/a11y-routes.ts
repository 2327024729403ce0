import { expect, type Page } from "@playwright/test";
import { keepDigitalCard } from "./digital-card";
import { mainReady } from "./a11y-pages";
import { resumeDraft, staffReviewSnapshot } from "./wizard";

/**
 * The accessibility sweep's routes (a11y-sweep.spec.ts): every route of docs/spec.md §2 and of the extensions the
 * demo declares, each with what shows it is ready.
 */

type Kind = "student" | "staff" | "teacher";
const KINDS: readonly Kind[] = ["student", "staff", "teacher"];

/**
 * One context and page per worker, made on first use and kept for the worker's life: the demo
 * database (local storage), the reference cache and the sign-in are paid once per worker, not once per route.
 * `hrefs` remembers links found on list pages for the detail routes after them.
 */
export interface Variant {
  readonly page: Page;
  signedIn: boolean;
  readonly hrefs: Map<string, string>;
}

export interface Route {
  readonly path: string | ((variant: Variant) => Promise<string>);
  readonly name: string;
  /**
   * A screen of a kind after the first: the three kinds share one implementation (src/kinds descriptors), so their
   * screens differ only in fields and words. Each still gets every rule at both widths; the colour rules of the
   * second scheme, which read the same components in the same colours, are read on the first kind's screen.
   */
  readonly otherKind?: boolean;
  /**
   * A screen made for the phone in the hand: read at 360 px too (the smallest phones), light and dark, both
   * languages.
   */
  readonly narrow?: boolean;
  readonly signedIn?: boolean;
  readonly ready?: (page: Page, variant: Variant) => Promise<void>;
  /** Before the visit (for example a saved wizard to restore). */
  readonly before?: (page: Page) => Promise<void>;
  readonly after?: (page: Page) => Promise<void>;
}

const wizardReady = async (p: Page) => {
  await mainReady(p);
  await expect(p.locator("#wizard-step-title")).toBeVisible();
};

/** A link of a back-office list, remembered by the list's visit; found again when that visit did not run. */
const linkFrom = (listPath: string, selector: string) => async (variant: Variant) => {
  const known = variant.hrefs.get(listPath);
  if (known) return known;
  await variant.page.goto(listPath);
  const link = variant.page.locator(selector).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute("href")) ?? "";
};
const rememberLink = (listPath: string, selector: string) => async (p: Page, variant: Variant) => {
  await mainReady(p);
  const link = p.locator(selector).first();
  await expect(link).toBeVisible();
  variant.hrefs.set(listPath, (await link.getAttribute("href")) ?? "");
};

/** A staff demand filled up to its review step, kept on this device as the wizard keeps its draft. */
const storeStaffDraft = async (page: Page) => {
  if (!page.url().startsWith("http")) await page.goto("/registration");
  await page.evaluate(
    (snapshot) => localStorage.setItem("campus-card.registration.staff", JSON.stringify(snapshot)),
    staffReviewSnapshot("QA0001"),
  );
};

const demandLink = "main table a[href*='/demand/validation/']";
const cardLink = (kind: Kind) => `main table a[href^='/dashboard/${kind}/card/']`;

/** Every route of docs/spec.md §2, in the order a visitor meets them. */
export const routes: readonly Route[] = [
  { name: "/", path: "/" },
  { name: "/home", path: "/home" },
  { name: "/auth", path: "/auth" },
  { name: "/registration", path: "/registration" },
  ...KINDS.map((kind): Route => ({
    name: `/registration/${kind}`,
    path: `/registration/${kind}`,
    ready: wizardReady,
    otherKind: kind !== KINDS[0],
  })),
  {
    // A draft found on this device, offered before anything of it shows.
    name: "/registration/staff (draft offer)",
    path: "/registration/staff",
    before: storeStaffDraft,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("#draft-offer-title")).toHaveText("Une demande a été commencée sur cet appareil");
    },
    after: (page) => page.evaluate(() => localStorage.removeItem("campus-card.registration.staff")),
  },
  {
    // The review step of the staff wizard, restored from its localStorage snapshot.
    name: "/registration/staff (review step)",
    path: "/registration/staff",
    before: storeStaffDraft,
    ready: async (p) => {
      await mainReady(p);
      await resumeDraft(p);
      await expect(p.locator("#wizard-step-title")).toHaveText("Étape 4 sur 4 : Récapitulatif");
    },
    after: (page) => page.evaluate(() => localStorage.removeItem("campus-card.registration.staff")),
  },
  ...KINDS.map((kind): Route => ({ name: `/terms/${kind}`, path: `/terms/${kind}`, otherKind: kind !== KINDS[0] })),
  { name: "/privacy", path: "/privacy" },
  // Extension `signed-qr` (the demo declares it): the guards' checker.
  { name: "/verify", path: "/verify" },
  // Extension `track` (the demo declares it): the form, then a pair that matches nothing (its alert, fields invalid).
  { name: "/track", path: "/track?kind=student&code=DMSTUD000001" },
  {
    name: "/track (no request matches)",
    path: "/track?kind=staff&code=DMPER000001",
    ready: async (p) => {
      await mainReady(p);
      await p.locator("input[name=register]").fill("00X0000");
      await p.locator("main form button[type=submit]").click();
      await expect(p.getByRole("alert")).toBeVisible();
    },
  },
  // Extension `digital-card` (the demo declares it): the card its holder kept on the phone, shown and refreshed.
  {
    name: "/digital-card (a card shown)",
    path: "/digital-card",
    narrow: true,
    before: async (page) => {
      // The demo backend runs where the app runs (not on a prerendered page).
      if (!(await page.evaluate(() => "__campusDemo" in globalThis).catch(() => false))) await page.goto("/auth");
      await keepDigitalCard(page, 0);
    },
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main section[data-state=active] img[src^='data:image/svg']")).toBeVisible();
    },
    after: (page) => page.evaluate(() => localStorage.removeItem("campus-card.digital-card")),
  },
  ...KINDS.map((kind): Route => ({
    name: `/check/${kind}/card/<token>`,
    otherKind: kind !== KINDS[0],
    path: async ({ page }) => {
      // The demo hook lives where the app runs (not on a prerendered page): this test needs no earlier one.
      if (!(await page.evaluate(() => "__campusDemo" in globalThis).catch(() => false))) {
        await page.goto("/auth");
        await page.waitForFunction(() => "__campusDemo" in globalThis);
      }
      const cards = await page.evaluate(
        (k) =>
          (
            window as unknown as { __campusDemo: { cards: (k: string) => { token: string; valid: boolean }[] } }
          ).__campusDemo.cards(k),
        kind,
      );
      expect(cards.length).toBeGreaterThan(0);
      const card = cards.find((c) => c.valid) ?? cards[0]!;
      return `/check/${kind}/card/${encodeURIComponent(card.token)}`;
    },
  })),
  { name: "/no/such/page", path: "/no/such/page" },
  {
    name: "/dashboard",
    path: "/dashboard",
    signedIn: true,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.getByTestId("stat-agents")).toBeVisible();
    },
  },
  ...KINDS.flatMap((kind): Route[] =>
    (
      [
        {
          name: `/dashboard/${kind}/demand`,
          path: `/dashboard/${kind}/demand`,
          signedIn: true,
          ready: rememberLink(`/dashboard/${kind}/demand`, demandLink),
        },
        {
          name: `/dashboard/${kind}/demand/validation/<id>`,
          path: linkFrom(`/dashboard/${kind}/demand`, demandLink),
          signedIn: true,
          ready: async (p) => {
            await mainReady(p);
            await expect(p.locator("main h2").first()).toBeVisible();
          },
        },
        {
          name: `/dashboard/${kind}/card`,
          path: `/dashboard/${kind}/card`,
          signedIn: true,
          ready: rememberLink(`/dashboard/${kind}/card`, cardLink(kind)),
        },
        {
          name: `/dashboard/${kind}/card/<id>`,
          path: linkFrom(`/dashboard/${kind}/card`, cardLink(kind)),
          signedIn: true,
          ready: async (p) => {
            await mainReady(p);
            await expect(p.locator("object[type='application/pdf']")).toHaveAttribute("data", /^blob:/);
            // The demo declares the lifecycle extension: its panel and timeline are part of the page.
            await expect(p.getByTestId("card-timeline")).toBeVisible();
          },
        },
      ] satisfies Route[]
    ).map((route): Route => ({ ...route, otherKind: kind !== KINDS[0] })),
  ),
  // One kind's print batch (the screen is the same for the three): empty, with the layout form.
  {
    name: "/dashboard/student/print",
    path: "/dashboard/student/print",
    signedIn: true,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main select").first()).toBeVisible();
    },
  },
  // Extension lifecycle (the demo declares it): one kind's bulk renewal (the screen is the same for the three), and the agents' activity.
  {
    name: "/dashboard/student/renewal",
    path: "/dashboard/student/renewal",
    signedIn: true,
    // Read: the count of expired cards (or that there are none, between April and September) is said.
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main p[role=status]").first()).not.toBeEmpty();
    },
  },
  {
    name: "/dashboard/activity",
    path: "/dashboard/activity",
    signedIn: true,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main p[role=status]").first()).not.toBeEmpty();
    },
  },
  {
    // One count opened: every validation of the year, each row linked to its card.
    name: "/dashboard/activity/items",
    path: `/dashboard/activity/items?from=${new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}&action=validated`,
    signedIn: true,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main table tr").nth(1)).toBeVisible();
    },
  },
  {
    name: "/dashboard/agent",
    path: "/dashboard/agent",
    signedIn: true,
    ready: async (p) => {
      await mainReady(p);
      await expect(p.locator("main table tr").nth(1)).toBeVisible();
    },
  },
  { name: "/dashboard/profile", path: "/dashboard/profile", signedIn: true },
  { name: "/dashboard/no/such/page", path: "/dashboard/no/such/page", signedIn: true },
];
