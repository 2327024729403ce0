import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";

// ── Pending announcements ─────────────────────────────────────────────────────────────────────────────────
// react-aria's own `isPending` announces through its live announcer with aria-labelledby pointing at the
// button's id; when the button then disappears (a dialog closing on success, a page replaced) that announcer node
// is left with role="img" and a dangling reference for 7 s (axe: role-img-alt). Buttons here announce plain text
// in one polite region of their own instead, so nothing can dangle.

let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Where the region must be to be heard: inside an open modal `<dialog>` (NativeModal), which makes the rest of the
 * page inert, else in the body.
 */
const hostOfRegion = (): HTMLElement => document.querySelector<HTMLElement>("dialog[open]") ?? document.body;

export const announcer = (): HTMLElement | null => {
  if (typeof document === "undefined") return null;
  const host = hostOfRegion();
  if (region?.isConnected && region.parentElement === host) return region;
  if (region?.isConnected) {
    host.append(region);
    return region;
  }
  region = document.createElement("div");
  region.setAttribute("data-button-announcer", "");
  // Like react-aria's own announcer: modals (ariaHideOutside) leave nodes with this attribute audible.
  region.setAttribute("data-live-announcer", "");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  Object.assign(region.style, {
    position: "absolute",
    width: "1px",
    height: "1px",
    padding: "0",
    margin: "-1px",
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    border: "0",
  });
  host.append(region);
  return region;
};

/** Announces a short text politely; it is cleared after a few seconds. */
export const announceText = (text: string): void => {
  const node = announcer();
  if (!node || text.trim() === "") return;
  node.textContent = "";
  // A fresh text node after clearing makes screen readers read it again even when it is the same text.
  setTimeout(() => {
    node.textContent = text;
  }, 50);
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    node.textContent = "";
  }, 5000);
};

/**
 * What a button whose work is pending tells a screen reader, when it has focus: "please wait" as the work starts,
 * then its name again when done. Shared by the kit's react-aria `Button` and `NativePendingButton`.
 */
export const usePendingAnnouncement = (ref: RefObject<HTMLElement | null>, isPending: boolean): void => {
  const { t } = useTranslation();
  const wasPending = useRef(isPending);

  useEffect(() => {
    announcer(); // the live region must exist before its text changes
  }, []);

  useEffect(() => {
    const focused = ref.current !== null && ref.current === document.activeElement;
    if (focused && isPending && !wasPending.current) {
      announceText(`${ref.current?.textContent?.trim() ?? ""} ${t("common:loading.pleaseWait")}`.trim());
    } else if (focused && !isPending && wasPending.current) {
      announceText(ref.current?.textContent?.trim() ?? "");
    }
    wasPending.current = isPending;
  }, [ref, isPending, t]);
};
