import { expect, type Browser, type Page } from "@playwright/test";
import { actAfterTakeover, test } from "./support/takeover";
import { axeViolations } from "./support/axe";
import { equalAccessViolations } from "./support/equal-access";
import { keepDigitalCard } from "./support/digital-card";
import { resumeDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Accessibility gate (issue "Quality gates" item 2) on the demo build: axe (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA)
 * finds 0 violations on every route of docs/spec.md §2, public and dashboard, in French and English, light and dark,
 * at 1280 and 390 px (a phone's screen, such as the digital card, at 360 px too); IBM's Equal Access engine reads
 * the back office's and the phone's screens' names and labels too, at every width.
 * Each route is its own test (a failure names it, each violation its language and look), in one browser context per
 * worker kept for the whole sweep; each route is loaded in French, its main content awaited (no fixed sleeps),
 * analysed, then switched to English in the header and analysed again. Then: the Add agent dialog traps and returns
 * focus, toasts land in a named live region, and the registration fields carry visible labels with their errors tied
 * to them.
 */

type Kind = "student" | "staff" | "teacher";
const KINDS: readonly Kind[] = ["student", "staff", "teacher"];

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

/** The page's main content is in: its h1 is visible and no spinner turns inside <main>. */
const mainReady = async (page: Page) => {
  await expect(page.locator("#main h1, main h1").first()).toBeVisible();
  await expect(page.locator("main .animate-cc-spin")).toHaveCount(0);
};

/** Signs in as the demo administrator through /auth (labels by name: works in either language). */
const signInAsAdmin = async (page: Page) => {
  await page.goto("/auth");
  await page.locator("input[name=username]").fill("admin");
  await page.locator("input[name=password]").fill("Admin@2026");
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/**
 * One context and page per worker, made on first use and kept for the worker's life: the demo
 * database (local storage), the reference cache and the sign-in are paid once per worker, not once per route.
 * `hrefs` remembers links found on list pages for the detail routes after them.
 */
interface Variant {
  readonly page: Page;
  signedIn: boolean;
  readonly hrefs: Map<string, string>;
}

interface Route {
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

const demandLink = "main table a[href*='/demand/validation/']";
const cardLink = (kind: Kind) => `main table a[href^='/dashboard/${kind}/card/']`;

/** Every route of docs/spec.md §2, in the order a visitor meets them. */
const routes: readonly Route[] = [
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
    before: async (page) => {
      if (!page.url().startsWith("http")) await page.goto("/registration");
      await page.evaluate(
        (snapshot) => localStorage.setItem("campus-card.registration.staff", JSON.stringify(snapshot)),
        staffReviewSnapshot("QA0001"),
      );
    },
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
    before: async (page) => {
      if (!page.url().startsWith("http")) await page.goto("/registration");
      await page.evaluate(
        (snapshot) => localStorage.setItem("campus-card.registration.staff", JSON.stringify(snapshot)),
        staffReviewSnapshot("QA0001"),
      );
    },
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

const sweep = test.extend<object, { keep: { variant: Variant | null } }>({
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
const variantOf = async (browser: Browser, keep: { variant: Variant | null }): Promise<Variant> => {
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
const looks = [
  { width: 1280, height: 720, scheme: "light", rules: "all" },
  { width: 1280, height: 720, scheme: "dark", rules: "colours" },
  { width: 390, height: 844, scheme: "dark", rules: "all" },
  { width: 390, height: 844, scheme: "light", rules: "colours" },
] as const;
const narrowLooks = [
  { width: 360, height: 740, scheme: "light", rules: "all" },
  { width: 360, height: 740, scheme: "dark", rules: "colours" },
] as const;
type Look = (typeof looks)[number] | (typeof narrowLooks)[number];
const frenchLooks = (route: Route): readonly Look[] => [
  ...(route.otherKind ? looks.filter((look) => look.rules === "all") : looks),
  ...(route.narrow ? narrowLooks : []),
];
const englishLook = looks[2];
const englishLooks = (route: Route): readonly Look[] => [englishLook, ...(route.narrow ? [narrowLooks[0]] : [])];
const lookNames = (seen: readonly Look[]) => seen.map((look) => `${look.width} px ${look.scheme}`).join(", ");

// Each route is its own test: a failure names the route, and each violation its language and look.
sweep.describe("axe: 0 violations", () => {
  for (const route of routes) {
    const seen = frenchLooks(route);
    const title = `${route.name} (fr: ${lookNames(seen)}; en: ${lookNames(englishLooks(route))})`;
    sweep(title, async ({ browser, keep }) => {
      sweep.setTimeout(60_000);
      const variant = await variantOf(browser, keep);
      const { page } = variant;
      if (route.signedIn && !variant.signedIn) {
        await signInAsAdmin(page);
        variant.signedIn = true;
      }
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(String(error));
      page.on("pageerror", onError);
      const html = page.locator("html");
      const violations: string[] = [];
      const look = async (lang: "fr" | "en", look: Look, path: string) => {
        await page.setViewportSize(look);
        await page.emulateMedia({ colorScheme: look.scheme });
        if (look.scheme === "dark") await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);
        violations.push(
          ...(await axeViolations(page, `${lang} ${look.width} px ${look.scheme} ${path}`, [], look.rules)),
        );
        // The back office and the phone's screens read by a second engine too (IBM's Equal Access): names and
        // labels both agree on.
        if ((route.signedIn || route.narrow) && lang === "fr" && look.rules === "all")
          violations.push(...(await equalAccessViolations(page, `equal access ${look.width} px ${path}`)));
      };
      try {
        await page.setViewportSize(seen[0]!);
        await page.emulateMedia({ colorScheme: seen[0]!.scheme });
        await route.before?.(page);
        const path = typeof route.path === "string" ? route.path : await route.path(variant);
        await page.goto(path);
        await (route.ready ?? mainReady)(page, variant);
        await expect(html).toHaveAttribute("lang", "fr");
        for (const each of seen) await look("fr", each, path);
        // The reader switches to English in the header (at the desk's width, where the picker is in view); a page
        // without the picker is reloaded in English.
        await page.setViewportSize(looks[0]);
        const picker = page.getByRole("combobox", { name: "Langue" }).first();
        if ((await picker.count()) > 0) await picker.selectOption("en");
        else {
          await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
          await page.reload();
        }
        await expect(html).toHaveAttribute("lang", "en");
        await mainReady(page);
        for (const each of englishLooks(route)) await look("en", each, path);
        await route.after?.(page);
        expect([...violations, ...errors.map((e) => `uncaught ${e}`)]).toEqual([]);
      } finally {
        page.off("pageerror", onError);
      }
    });
  }
});

test("the sweep's check sees faults: a nameless button, grey on grey, an image without text in a frame", async ({
  page,
}) => {
  await page.goto("/privacy");
  await mainReady(page);
  expect(await axeViolations(page, "before")).toEqual([]);
  // Added after a first check, as a screen changes between looks: axe already in the page, a new frame not.
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "beforeend",
      `<button id="qa-nameless"></button><p id="qa-grey" style="color:#999;background:#aaa">Texte pâle</p>`,
    );
    const frame = document.createElement("iframe");
    frame.title = "QA";
    frame.srcdoc = `<!doctype html><html lang="fr"><title>QA</title><main><img src="data:," id="qa-img"></main></html>`;
    main.append(frame);
  });
  await expect(page.frameLocator("main iframe").locator("#qa-img")).toBeAttached();
  const rules = (lines: string[]) =>
    lines.map((line) => line.split(" — ")[0]!.split(": ").pop() ?? "").sort((a, b) => a.localeCompare(b));
  expect(rules(await axeViolations(page, "after"))).toEqual(["button-name", "color-contrast", "image-alt"]);
  expect(rules(await axeViolations(page, "colours", [], "colours"))).toEqual(["color-contrast"]);
  expect(rules(await axeViolations(page, "excluded", ["#qa-nameless", "#qa-grey"]))).toEqual(["image-alt"]);
});

test("the second engine sees what axe lets pass: a checkbox in a label with no text, a field whose label is out of sight", async ({
  page,
}) => {
  await page.goto("/privacy");
  await mainReady(page);
  expect(await equalAccessViolations(page, "before")).toEqual([]);
  await page.evaluate(() => {
    document
      .querySelector("main")!
      .insertAdjacentHTML(
        "beforeend",
        `<label><input type="checkbox" aria-label="Sélectionner la carte PCSTUD000001"></label>` +
          `<details><summary>Réglages</summary><label for="qa-x">Décalage</label><input id="qa-x"></details>`,
      );
  });
  const rules = (await equalAccessViolations(page, "after")).map((line) => line.split(" — ")[0]!.split(": ").pop());
  expect(rules.toSorted((a = "", b = "") => a.localeCompare(b))).toEqual([
    "input_label_exists",
    "label_content_exists",
  ]);
  // axe reads the aria-label and the hidden label: nothing to say.
  expect(await axeViolations(page, "axe")).toEqual([]);
});

test.describe("focus, live regions and labels", () => {
  test("a button that was pending and disappears leaves no dangling live announcement (axe right after)", async ({
    page,
  }) => {
    // react-aria's own pending announcement pointed a role=img live node at the button's id for 7 s; once the
    // button was gone axe flagged role-img-alt. src/ui/Button.tsx announces plain text instead.
    await signInAsAdmin(page);
    await page.goto("/dashboard/agent");
    await mainReady(page);
    await page.getByRole("button", { name: "Ajouter un agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvel agent" });
    await dialog.getByLabel(/^Nom d'utilisateur/).fill("qa.pending");
    await dialog.getByLabel(/^Mot de passe/).fill("Qa-Pending@2026");
    const submit = dialog.getByRole("button", { name: "Ajouter l'agent" });
    await submit.focus();
    await page.keyboard.press("Enter"); // focused while pending: the case that announces
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Agent ajouté")).toBeVisible();
    expect(await axeViolations(page, "agents right after the dialog closed")).toEqual([]);
  });

  test("the Add agent dialog traps focus, closes on Escape and returns focus to its trigger", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/dashboard/agent");
    await mainReady(page);
    const trigger = page.getByRole("button", { name: "Ajouter un agent" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Nouvel agent" });
    await expect(dialog).toBeVisible();
    // Focus starts inside (the username field) and never leaves the dialog, forwards or backwards.
    await expect(dialog.getByLabel(/^Nom d'utilisateur/)).toBeFocused();
    const insideDialog = () => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));
    const seen = new Set<string>();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      expect(await insideDialog(), `Tab #${i + 1} stays in the dialog`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
    }
    expect(seen.size).toBeGreaterThanOrEqual(6); // 5 fields + Cancel + Add: the cycle went round
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await insideDialog(), `Shift+Tab #${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("toasts appear in a named notification region with live semantics", async ({ page }) => {
    await signInAsAdmin(page);
    const toastText = page.getByText("Connexion réussie");
    await expect(toastText).toBeVisible();
    const region = page.getByRole("region").filter({ has: toastText });
    await expect(region).toHaveCount(1);
    await expect(region).toHaveAccessibleName(/\S/);
    // Announced: the toast (or the region holding it) is a live region, an alert or a status.
    const live = await toastText.evaluate((node) => {
      for (let el: Element | null = node as Element; el; el = el.parentElement) {
        const role = el.getAttribute("role");
        if (el.hasAttribute("aria-live") && el.getAttribute("aria-live") !== "off")
          return `aria-live=${el.getAttribute("aria-live")}`;
        if (role === "alert" || role === "status" || role === "log" || role === "alertdialog") return `role=${role}`;
        if (role === "region") break;
      }
      return null;
    });
    expect(live).not.toBeNull();
  });

  test("registration fields have visible labels and their errors are tied to them (empty first step, Next)", async ({
    page,
  }) => {
    await page.goto("/registration/student");
    await mainReady(page);
    // The reference lists are in (a list still loading is disabled, saying so in its box).
    await expect(page.locator("#field-faculty")).toBeEnabled();
    await page.getByRole("button", { name: "Suivant" }).click();
    // The error summary links every refused field; each of those controls must carry its error and a label.
    const summary = page.getByRole("alert").filter({ has: page.getByRole("link") });
    await expect(summary.getByRole("link").first()).toBeVisible();
    const targets = await summary
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").replace(/^#/, "")));
    // Register and faculty; the cascading selects behind the faculty wait for it (a link to a disabled control
    // would lead nowhere).
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const id of targets) await expect(page.locator(`[id="${id}"]`)).toBeEnabled();
    const report = await page.evaluate((ids) => {
      const visibleText = (e: Element | null) =>
        !!e && (e as HTMLElement).offsetParent !== null && (e.textContent ?? "").trim().length > 3;
      const byIds = (value: string | null) =>
        (value ?? "")
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => document.getElementById(id));
      return ids.map((id) => {
        const el = document.getElementById(id) as HTMLInputElement | null;
        if (!el) return { id, found: false };
        // A <label for>, or (react-aria Select: a <span> label) a visible element outside the control naming it.
        const labels = [
          ...(el.labels ?? []),
          ...byIds(el.getAttribute("aria-labelledby")).filter((e) => !!e && !el.contains(e)),
        ];
        const isButton = el.tagName === "BUTTON"; // a react-aria Select trigger: aria-invalid is not allowed on role=button
        return {
          id,
          found: true,
          invalid: isButton || el.getAttribute("aria-invalid") === "true",
          visibleLabel: labels.some(
            (l) => !!l && (l as HTMLElement).offsetParent !== null && (l.textContent ?? "").trim() !== "",
          ),
          errorTied: byIds(el.getAttribute("aria-describedby")).some(
            (d) => visibleText(d) && /obligatoire|requis|invalide|doit/i.test(d?.textContent ?? ""),
          ),
        };
      });
    }, targets);
    for (const entry of report)
      expect(entry).toEqual({ id: entry.id, found: true, invalid: true, visibleLabel: true, errorTied: true });
  });
});
