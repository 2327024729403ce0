import { useEffect, useRef } from "react";
import { useRouterState } from "@tanstack/react-router";

/** The heading that names a page: the main content's h1. */
const pageHeading = (): HTMLElement | null =>
  document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");

/** Focus was lost (on the page itself, or on a node that left it) or is still where the user left it. */
const focusFree = (left: Element | null) => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active === left;
};

/**
 * Where focus goes when the page changes (src/ui/README.md, "Focus"): to the new page's h1, once it is drawn,
 * unless the user has moved focus elsewhere meanwhile (or the new page focused something of its own). The first
 * page of a visit keeps focus where the browser puts it (the skip link comes first).
 */
export const usePageFocus = (): void => {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const first = useRef(true);
  const shown = useRef<Element | null>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      shown.current = pageHeading();
      return;
    }
    const previous = shown.current;
    const left = document.activeElement;
    const place = (): boolean => {
      const heading = pageHeading();
      if (!heading || heading === previous) return false;
      shown.current = heading;
      if (focusFree(left) && !heading.contains(document.activeElement)) {
        if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (place()) return;
    // The new page may still be loading its code or data: its heading comes later.
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
};
