import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";

/**
 * The photo's component tests: in English, each test's stubbed globals restored once it has unmounted (the field
 * cancels its idle callback on the way out).
 */
export const setupPhotoTests = (): void => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
};

/** A phone's coarse pointer, or a computer's mouse, as `matchMedia` answers. */
export const stubPointer = (coarse = false): void =>
  void vi.stubGlobal("matchMedia", (query: string) => ({
    matches: coarse && query === "(pointer: coarse)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
