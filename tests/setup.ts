import { afterEach } from "vitest";

// Only test files that run in a DOM (`// @vitest-environment jsdom`) render components to clean up; Node-only
// files skip loading React Testing Library altogether.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => cleanup());
}
