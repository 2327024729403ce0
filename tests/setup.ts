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
  await import("@testing-library/jest-dom/vitest");
  const { cleanup, configure } = await import("@testing-library/react");
  afterEach(() => cleanup());
  // A test fails on what it sees, not because a loaded machine took longer than Testing Library's default 1 s to
  // show it (`findBy…`, `waitFor`): a toast region's first render once took 1.19 s beside the browser lane.
  configure({ asyncUtilTimeout: 15_000 });
}
