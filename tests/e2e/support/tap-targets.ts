import type { Page } from "@playwright/test";

/**
 * The interactive elements on screen smaller than 44 × 44 px (WCAG 2.5.5), described for a failure message: what a
 * finger hits is the control, or the label that toggles it (a checkbox or radio inside or named by its <label>). A
 * link inside a sentence is the one exception WCAG makes; a visually hidden control (the skip link until focused)
 * is not on screen to tap.
 */
const MIN = 44;

/** The interactive elements on screen smaller than 44 × 44 px, described for the failure message. */
export const smallTargets = (page: Page) =>
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
