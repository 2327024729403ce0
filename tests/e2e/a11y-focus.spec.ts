import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import { axeViolations } from "./support/axe";
import { mainReady, signInAsAdmin } from "./support/a11y-pages";

/**
 * Accessibility beyond the sweep (a11y-sweep.spec.ts): the Add agent dialog traps and returns focus, toasts land in
 * a named live region, and the registration fields carry visible labels with their errors tied to them.
 */

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
