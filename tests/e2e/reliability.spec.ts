import { expect, type BrowserContext, type Page, type Route } from "@playwright/test";
import { test } from "./support/takeover";
import * as fx from "../fixtures/entities";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Reliability and security gates (issue "Quality gates" item 3) on the built app.
 *
 * The demo backend (Mirage) answers inside the page, out of Playwright's sight; so these tests run the build in
 * live mode against a stub backend made of `page.route` handlers (the fixtures of tests/fixtures/entities.ts),
 * where each test breaks one answer (a 5xx, a 404, a malformed body) and counts what the app sends.
 *
 * Retries (GET retried twice with backoff on network failure and 5xx; POST, PUT, DELETE never) and the timeout
 * are unit-tested in src/api/request.test.ts and src/api/fuzz.test.ts.
 */

type Kind = "student" | "staff" | "teacher";

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly url: string;
}

interface Answer {
  readonly status?: number;
  readonly json?: unknown;
  readonly body?: string | Buffer;
  readonly contentType?: string;
  /** Answered once this settles: the test holds the answer (a button stays pending) for as long as it needs. */
  readonly hold?: Promise<void>;
}

/** A held answer: the stub waits until the test calls `release()`. */
const gate = () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
};

type Override = readonly [method: string, path: RegExp, answer: Answer | ((sent: Sent) => Answer)];

const kindRoots: Record<
  Kind,
  { demands: string; cards: string; check: string; demand: unknown; card: unknown; checked: unknown }
> = {
  student: {
    demands: "/student/api/v1/demand/",
    cards: "/student/api/v1/card/",
    check: "/student/api/v1/checkcard/",
    demand: fx.studentDemand,
    card: fx.studentCard,
    checked: fx.studentCheck,
  },
  staff: {
    demands: "/staff/api/v1/demand/personnel/",
    cards: "/staff/api/v1/card/personnel/",
    check: "/staff/api/v1/checkcard/personnel",
    demand: fx.staffDemand,
    card: fx.staffCard,
    checked: fx.staffCheck,
  },
  teacher: {
    demands: "/teacher/api/v1/demand/teacher/",
    cards: "/teacher/api/v1/card/teacher/",
    check: "/teacher/api/v1/checkcard/teacher",
    demand: fx.teacherDemand,
    card: fx.teacherCard,
    checked: fx.teacherCheck,
  },
};

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The stub backend's normal answers. */
const normalAnswer = ({ method, path }: Sent): Answer => {
  // Answered at once on purpose: the app must navigate even when sign-in completes before its lazily loaded
  // session navigator has subscribed.
  if (method === "POST" && path === "/api/token/") return { json: fx.token };
  if (method === "POST" && path === "/api/token/logout/") return { status: 204 };
  if (path === "/base/api/v1/appuser/profile/") return { json: fx.profile };
  if (path === "/base/api/v1/stats/") return { json: fx.stats };
  if (path === "/base/api/v1/appuser/get_agent/") return { json: [fx.agent] };
  if (method === "POST" && path === "/base/api/v1/appuser/create_agent/")
    return { status: 201, json: { ...fx.agent, id: 99, username: "qa.agent" } };
  if (/^\/base\/api\/v1\/appuser\/\d+\/$/.test(path)) return method === "DELETE" ? { status: 204 } : { json: {} };
  const reference = /^\/institution\/api\/v1\/(\w+)\/$/.exec(path);
  if (reference) return { json: fx.referenceData[reference[1] as keyof typeof fx.referenceData] ?? [] };
  for (const root of Object.values(kindRoots)) {
    if (path === root.check) return { json: root.checked };
    if (path === `${root.demands}submit/`) return { status: 201, json: fx.submitted };
    if (path === root.demands) return { json: fx.pageOf([root.demand as never]) };
    if (path.startsWith(root.demands) && /\/validation(_simple)?\/$/.test(path)) return { json: fx.validated };
    if (path.startsWith(root.demands)) return { json: root.demand };
    if (path === root.cards) return { json: fx.pageOf([root.card as never]) };
    if (path.startsWith(root.cards) && path.endsWith("/pdf/")) return { body: PDF, contentType: "application/pdf" };
    if (path.startsWith(root.cards) && path.endsWith("/notify_print/")) return { json: fx.printCount };
    if (path.startsWith(root.cards)) return { json: root.card };
  }
  return { status: 404, json: { detail: "Not found." } };
};

const API = /^\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//;

/** Live mode against the stub backend; answers the list of API requests it received. */
const stubBackend = async (target: Page | BrowserContext, overrides: readonly Override[] = []): Promise<Sent[]> => {
  const sent: Sent[] = [];
  await target.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: "" } }));
  await target.route(
    (url) => API.test(url.pathname),
    async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const entry: Sent = { method: request.method(), path: url.pathname, url: request.url() };
      sent.push(entry);
      const override = overrides.find(([method, path]) => method === entry.method && path.test(entry.path));
      const answer = override
        ? typeof override[2] === "function"
          ? override[2](entry)
          : override[2]
        : normalAnswer(entry);
      if (answer.hold) await answer.hold;
      const status = answer.status ?? 200;
      if (answer.json !== undefined)
        await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(answer.json) });
      else
        await route.fulfill({ status, contentType: answer.contentType ?? "application/json", body: answer.body ?? "" });
    },
  );
  return sent;
};

/** Uncaught errors of a page, checked at the end of a test. */
const watchErrors = (page: Page) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
};

const signIn = async (page: Page, redirect?: string) => {
  await page.goto(redirect === undefined ? "/auth" : `/auth?redirect=${encodeURIComponent(redirect)}`);
  await page.locator("input[name=username]").fill("admin");
  await page.locator("input[name=password]").fill("Admin@2026");
  await page.locator("form button[type=submit]").click();
};

/** The screen shows `text` (French), #root is not empty and no raw i18n key leaks. */
const expectTranslatedError = async (page: Page, text: string | RegExp) => {
  await expect(page.getByText(text).first()).toBeVisible();
  expect((await page.locator("#root").innerText()).trim().length).toBeGreaterThan(20);
  expect(await page.locator("#root").innerText()).not.toMatch(
    /\b(errors|validation|common|card|demand|check|agent|profile|dashboard|registration):[a-zA-Z]/,
  );
};

const malformed = { json: { unexpected: true, results: "nope" } };
const server500 = { status: 500, json: { detail: "boom" } };

test.describe("failed and malformed answers show a translated error, never a blank page", () => {
  test("login: 502, then a malformed token", async ({ page }) => {
    const errors = watchErrors(page);
    let answer: Answer = { status: 502, json: {} };
    await stubBackend(page, [["POST", /^\/api\/token\/$/, () => answer]]);
    await signIn(page);
    await expect(page.getByRole("alert")).toContainText("Le serveur Campus Card est injoignable (502)");
    answer = { json: { token: 42 } };
    await page.locator("form button[type=submit]").click();
    await expect(page.getByRole("alert")).toContainText("Le serveur a envoyé une réponse inattendue.");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");
    expect(errors).toEqual([]);
  });

  test("registration: the reference lists answer 500", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [["GET", /^\/institution\//, server500]]);
    await page.goto("/registration/student");
    await expectTranslatedError(page, "Les listes de l'université n'ont pas pu être chargées.");
    expect(errors).toEqual([]);
  });

  test("dashboard: malformed stats; demand list malformed then 500", async ({ page }) => {
    const errors = watchErrors(page);
    let demands: Answer = malformed;
    await stubBackend(page, [
      ["GET", /^\/base\/api\/v1\/stats\/$/, malformed],
      ["GET", /^\/student\/api\/v1\/demand\/$/, () => demands],
    ]);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectTranslatedError(page, "Impossible de charger les statistiques");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");

    await page.goto("/dashboard/student/demand");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");
    demands = server500;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expectTranslatedError(page, "Erreur du serveur Campus Card. Veuillez réessayer plus tard.");
    expect(errors).toEqual([]);
  });

  test("demand validation 404, card list 500, card PDF 500 (with Retry)", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [
      ["GET", /^\/student\/api\/v1\/demand\/[^/]+\/$/, { status: 404, json: { detail: "Not found." } }],
      ["GET", /^\/staff\/api\/v1\/card\/personnel\/$/, server500],
      ["GET", /^\/student\/api\/v1\/card\/[^/]+\/pdf\/$/, server500],
    ]);
    await signIn(page, `/dashboard/student/demand/validation/${fx.studentDemand.id}`);
    await expectTranslatedError(page, "Demande introuvable");

    await page.goto("/dashboard/staff/card");
    await expectTranslatedError(page, /Erreur du serveur Campus Card|Erreur de chargement/);

    await page.goto(`/dashboard/student/card/${fx.studentCard.id}`);
    await expectTranslatedError(page, "Erreur de chargement du PDF");
    await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("check page: malformed answer, then 404", async ({ page }) => {
    const errors = watchErrors(page);
    let answer: Answer = malformed;
    await stubBackend(page, [["POST", /checkcard/, () => answer]]);
    await page.goto(`/check/student/card/${encodeURIComponent(fx.cardToken)}`);
    await expectTranslatedError(page, "Vérification impossible");
    answer = { status: 404, json: { detail: "Not found." } };
    await page.goto(`/check/staff/card/${encodeURIComponent(fx.cardToken)}`);
    await expectTranslatedError(page, "Carte introuvable");
    expect(errors).toEqual([]);
  });

  test("agents list 500; profile password update 500", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [
      ["GET", /^\/base\/api\/v1\/appuser\/get_agent\/$/, server500],
      ["PUT", /^\/base\/api\/v1\/appuser\/\d+\/$/, server500],
    ]);
    await signIn(page, "/dashboard/agent");
    await expectTranslatedError(page, "Impossible de charger les agents");

    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
    const dialog = page.getByRole("dialog", { name: "Modifier le mot de passe" });
    await dialog.getByLabel(/^Mot de passe actuel/).fill("Admin@2026");
    await dialog.getByLabel(/^Nouveau mot de passe/).fill("Nouveau@2026!x");
    await dialog.getByLabel(/^Confirmer le mot de passe/).fill("Nouveau@2026!x");
    await dialog.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      /Échec de la mise à jour du mot de passe|Erreur du serveur Campus Card/,
    );
    await expectTranslatedError(page, /Échec de la mise à jour du mot de passe|Erreur du serveur Campus Card/);
    expect(errors).toEqual([]);
  });
});

test.describe("hostile return paths after login never leave the origin", () => {
  // One of each way a browser could read a value differently from the unit test of safeReturnPath
  // (src/app/return-path.test.ts holds the full list): a scheme-relative path, a backslash, a script URL, a tab
  // the URL parser drops, credentials before a host.
  const hostile = [
    "//evil.example/steal",
    "/\\evil.example",
    "JaVaScRiPt:alert(1)",
    "/\t/evil.example",
    "<origin>@evil.example/",
  ];
  // One test per value: each is a whole sign-in, and a failure names the value.
  for (const value of hostile) {
    test(`redirect=${JSON.stringify(value)}`, async ({ page, baseURL }) => {
      await stubBackend(page);
      const origin = new URL(baseURL!).origin;
      const redirect = value.replace("<origin>", origin);
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await signIn(page, redirect);
      await expect(page).toHaveURL(/\/dashboard$/);
      const url = new URL(page.url());
      expect(url.origin).toBe(origin);
      expect(url.pathname).toBe("/dashboard");
      expect(dialogs).toBe(0);
    });
  }
});

test.describe("one request per action, however fast the clicks", () => {
  /** Clicks `times` times as fast as Playwright can (no waiting for the app in between). */
  const hammer = async (page: Page, selector: ReturnType<Page["locator"]>, times = 20) => {
    await selector.waitFor();
    await selector.scrollIntoViewIfNeeded();
    const box = await selector.boundingBox();
    if (!box) throw new Error("no box");
    for (let i = 0; i < times; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  const count = (sent: Sent[], method: string, path: RegExp) =>
    sent.filter((s) => s.method === method && path.test(s.path)).length;

  test("registration submit (review step), demand validate, notify print, add agent", async ({ page }) => {
    // Every answer is held until all the clicks are in, however slow the machine: the race is made, not hoped for.
    const submit = gate();
    const validate = gate();
    const print = gate();
    const create = gate();
    const sent = await stubBackend(page, [
      ["POST", /\/submit\/$/, { status: 201, json: fx.submitted, hold: submit.held }],
      ["POST", /\/validation(_simple)?\/$/, { json: fx.validated, hold: validate.held }],
      ["POST", /\/notify_print\/$/, { json: fx.printCount, hold: print.held }],
      [
        "POST",
        /\/create_agent\/$/,
        { status: 201, json: { ...fx.agent, id: 99, username: "qa.agent" }, hold: create.held },
      ],
    ]);

    // Registration: the staff wizard restored at its review step (snapshotForStorage of
    // src/machines/wizard-storage.ts).
    await openStaffDraft(page, staffReviewSnapshot("QA1234", { read: true, accept: true, termsOfUse: true }));
    await expect(page.locator("#wizard-step-title")).toHaveText("Étape 4 sur 4 : Récapitulatif");
    await hammer(page, page.getByRole("button", { name: "Envoyer la demande" }));
    submit.release();
    await expect(page.getByText(fx.submitted.code).first()).toBeVisible();
    expect(count(sent, "POST", /\/submit\/$/)).toBe(1);

    // Demand validation.
    await signIn(page, `/dashboard/staff/demand/validation/${fx.staffDemand.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Validation de la demande" })).toBeVisible();
    await hammer(page, page.getByRole("button", { name: "Valider tel quel" }));
    validate.release();
    await expect(page.getByRole("heading", { name: "Demande validée avec succès." })).toBeVisible();
    expect(count(sent, "POST", /\/validation(_simple)?\/$/)).toBe(1);

    // Card detail: Notify Print.
    await page.goto(`/dashboard/student/card/${fx.studentCard.id}`);
    // The stub's card was printed before: the reprint is confirmed in a dialog, whose button is hammered too.
    await hammer(page, page.getByRole("button", { name: "Notifier l'impression" }));
    await hammer(page, page.getByRole("alertdialog").getByRole("button", { name: "Confirmer la réimpression" }));
    print.release();
    await expect(page.getByText("Notification enregistrée avec succès.")).toBeVisible();
    expect(count(sent, "POST", /\/notify_print\/$/)).toBe(1);

    // Add agent: the dialog's submit.
    await page.goto("/dashboard/agent");
    await page.getByRole("button", { name: "Ajouter un agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvel agent" });
    await dialog.getByLabel(/^Nom d'utilisateur/).fill("qa.agent");
    await dialog.getByLabel("Prénom").fill("Qa");
    await dialog.getByLabel("Nom", { exact: true }).fill("Agent");
    await dialog.getByLabel("E-mail").fill("qa.agent@example.cm");
    await dialog.getByLabel(/^Mot de passe/).fill("Qa-Agent@2026");
    const add = dialog.getByRole("button", { name: "Ajouter l'agent" });
    await add.scrollIntoViewIfNeeded();
    const box = await add.boundingBox();
    for (let i = 0; i < 20; i++) await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    create.release();
    await expect(page.getByText("Agent ajouté")).toBeVisible();
    expect(count(sent, "POST", /\/create_agent\/$/)).toBe(1);
  });
});

test("the offline state is announced, then the return online", async ({ page, context }) => {
  await stubBackend(page);
  await page.goto("/auth");
  await expect(page.locator("h1")).toBeVisible();
  await page.waitForLoadState("networkidle"); // the page's lazy chunks are in before the network goes
  // The banner is one polite live region, always in the DOM, whose text changes.
  const live = page.locator("[role=status][aria-live=polite]");
  await context.setOffline(true);
  const offline = live.filter({ hasText: "Vous êtes hors ligne." });
  await expect(offline).toHaveCount(1);
  await expect(offline).toBeVisible();
  const banner = await offline.elementHandle();
  await context.setOffline(false);
  // Same node, new text (shown for a few seconds).
  await expect.poll(() => banner!.evaluate((node) => node.textContent?.trim())).toBe("Connexion rétablie.");
});

test("every built page (prerendered or the app shell) carries a CSP without inline scripts", async ({ request }) => {
  for (const path of ["/", "/auth", "/registration/student", "/dashboard", "/check/student/card/x"]) {
    const html = await (await request.get(path)).text();
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta, `CSP meta tag on ${path}`).not.toBeNull();
    const policy = meta![1]!.replace(/&#39;/g, "'").replace(/&quot;/g, '"');
    const directives = policy.split(";").map((d) => d.trim());
    const scriptSrc =
      directives.find((d) => d.startsWith("script-src")) ?? directives.find((d) => d.startsWith("default-src"));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // And nothing inline for it to allow: every <script> has a src, or is a JSON data block (never run).
    expect(
      [...html.matchAll(/<script\b([^>]*)>/gi)].every(
        (m) => /\ssrc=/.test(m[1]!) || /\stype="application\/json"/.test(m[1]!),
      ),
      path,
    ).toBe(true);
  }
});

test("the token never appears in a URL; signing out clears it here and in another tab", async ({ page, context }) => {
  const sent = await stubBackend(context);
  const urls: string[] = [];
  context.on("request", (request) => urls.push(request.url()));

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of [
    "/dashboard/student/demand",
    "/dashboard/staff/card",
    `/dashboard/student/card/${fx.studentCard.id}`,
    "/dashboard/agent",
    "/dashboard/profile",
  ]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
  }
  const stored = await page.evaluate(() => localStorage.getItem("campus-card.session"));
  expect(stored).toContain(fx.token.access);

  const other = await context.newPage();
  await other.goto("/dashboard/profile");
  await expect(other.locator("main h1")).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem("campus-card.session"))).toBeNull();
  // The other tab hears the storage event and signs out too.
  await expect(other).toHaveURL(/\/auth/);
  expect(await other.evaluate(() => localStorage.getItem("campus-card.session"))).toBeNull();

  expect(sent.some((s) => s.method === "POST" && s.path === "/api/token/logout/")).toBe(true);
  expect(urls.length).toBeGreaterThan(20);
  const token = fx.token.access;
  const leaks = urls.filter(
    (url) => url.includes(token) || url.includes(encodeURIComponent(token)) || url.includes(token.split(".")[2]!),
  );
  expect(leaks).toEqual([]);
});

test("a 5,000-character value wraps inside its cell: the table keeps to the screen, every Delete button reachable", async ({
  page,
}) => {
  const long = "A".repeat(5000);
  await stubBackend(page, [
    [
      "GET",
      /^\/base\/api\/v1\/appuser\/get_agent\/$/,
      {
        json: [
          { ...fx.agent, first_name: long, last_name: `${"B".repeat(2000)} ${"C".repeat(3000)}` },
          { ...fx.agent, id: 3, username: "second" },
        ],
      },
    ],
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/dashboard/agent");
  const table = page.locator("main table");
  await expect(table.getByRole("row")).toHaveCount(3);
  const widths = await table.evaluate((grid) => ({
    table: grid.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(widths.viewport);
  for (const button of await page.getByRole("button", { name: /^Supprimer/ }).all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= widths.viewport).toBe(true);
  }
  // The full text is still there to read (and to copy).
  await expect(table.getByText(long)).toHaveCount(1);
});
