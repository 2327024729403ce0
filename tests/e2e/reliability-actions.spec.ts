import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";
import * as fx from "../fixtures/entities";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";
import { type Sent, gate, stubBackend, signIn } from "./support/stub-backend";

/** Reliability gates on the built app: one request per action however fast the clicks, the offline state announced, a very long value kept inside its table. See support/stub-backend.ts for how the stub backend works. */

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
