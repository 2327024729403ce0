// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { PublicLayout } from "./PublicLayout";

describe("the public layout", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("names the way to the portal for what it is: a card request", () => {
    render(<PublicLayout>page</PublicLayout>);
    const header = screen.getByRole("navigation", { name: /public/i });
    expect(within(header).getByRole("link", { name: "Card request" }).getAttribute("href")).toBe("/registration");
  });

  it("links the footer's terms to the wizard's kind, the student terms elsewhere", () => {
    const { unmount } = render(<PublicLayout termsKind="teacher">page</PublicLayout>);
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: /terms/i }).getAttribute("href")).toBe(
      "/terms/teacher",
    );
    unmount();
    render(<PublicLayout>page</PublicLayout>);
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: /terms/i }).getAttribute("href")).toBe(
      "/terms/student",
    );
  });
});
