import { afterEach } from "vitest";
// The DOM matchers' types (toBeVisible, toHaveTextContent, …); the matchers themselves load below, in DOM files only.
import type {} from "@testing-library/jest-dom/vitest";

// Only test files that run in a DOM (`// @vitest-environment jsdom`) render components to clean up; Node-only
// files skip loading React Testing Library altogether.
if (typeof document !== "undefined") {
  // DOM files share one document per worker (vitest.config.ts): each starts from an empty one.
  localStorage.clear();
  sessionStorage.clear();
  document.title = "";
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  // jsdom has no modal dialogs: opened and closed as the attribute says (the browser's focus trap is not modelled).
  if (typeof HTMLDialogElement !== "undefined" && typeof HTMLDialogElement.prototype.showModal !== "function") {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  }
  await import("@testing-library/jest-dom/vitest");
  const { cleanup, configure } = await import("@testing-library/react");
  afterEach(() => cleanup());
  // A test fails on what it sees, not because a loaded machine took longer than Testing Library's default 1 s to
  // show it (`findBy…`, `waitFor`): a toast region's first render once took 1.19 s beside the browser lane.
  configure({ asyncUtilTimeout: 15_000 });
}
