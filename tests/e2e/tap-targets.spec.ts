import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Every tap target of the public pages is at least 44 × 44 px on a 360 px phone (WCAG 2.5.5): what a finger hits is
 * the control, or the label that toggles it (a checkbox or radio inside or named by its <label>). A link inside a
 * sentence is the one exception WCAG makes (its size is the text's); a visually hidden control (the skip link
 * until focused) is not on screen to tap.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const MIN = 44;

/** The interactive elements on screen smaller than 44 × 44 px, described for the failure message. */
const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "[role=button]",
      "[role=link]",
      "[tabindex]:not([tabindex='-1'])",
    ].join(",");
    const inSentence = (el: Element) => {
      if (el.tagName !== "A") return false;
      const parent = el.parentElement;
      if (!parent || !["P", "LI", "SPAN", "DD", "TD"].includes(parent.tagName)) return false;
      return [...parent.childNodes].some((node) => node !== el && (node.textContent ?? "").trim() !== "");
    };
    const hitBox = (el: HTMLElement) => {
      const label =
        el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")
          ? (el.closest("label") ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null))
          : null;
      return (label ?? el).getBoundingClientRect();
    };
    return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((el) => {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || el.closest("[inert],[aria-hidden=true]"))
        return [];
      const own = el.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) return [];
      if (inSentence(el)) return [];
      const box = hitBox(el);
      if (box.width >= min - 0.5 && box.height >= min - 0.5) return [];
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
        .trim()
        .slice(0, 40);
      return [`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
    });
  }, MIN);

const expectTapTargets = async (page: Page, where: string) => {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(await smallTargets(page), where).toEqual([]);
};

const ALL_ACCEPTED = { read: true, accept: true, termsOfUse: true };

test("landing, portal, terms and /track: every tap target is at least 44 × 44 px", async ({ page }) => {
  for (const path of ["/", "/registration", "/terms/student", "/track"]) {
    await page.goto(path);
    await expectTapTargets(page, path);
  }
});

test("each step of a wizard, and the receipt: every tap target is at least 44 × 44 px", async ({ page }) => {
  await page.goto("/registration/student");
  await expectTapTargets(page, "student wizard, first step");
  for (const step of [0, 1, 2, 3]) {
    await openStaffDraft(page, { ...staffReviewSnapshot("TT1234", ALL_ACCEPTED), step, reached: 3 });
    await expectTapTargets(page, `staff wizard, step ${step + 1}`);
  }
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();
  await expectTapTargets(page, "receipt");
});
