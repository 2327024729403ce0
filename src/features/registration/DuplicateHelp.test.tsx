// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RuntimeContext } from "../../app/runtime-context";
import type { RuntimeConfig } from "../../app/config";
import { setupTestI18n } from "../../i18n/testing";
import { DuplicateHelp } from "./DuplicateHelp";

const renderWith = (config: RuntimeConfig) =>
  render(
    <RuntimeContext.Provider
      value={{ config, resetDemo: null, restoreDemoAccounts: null, demoAccounts: [], demoCardToken: null }}
    >
      <DuplicateHelp kind="teacher" />
    </RuntimeContext.Provider>,
  );

describe("a duplicate request explained", () => {
  it("points the applicant's own request to tracking, and a lost card to the office config.json names", async () => {
    await setupTestI18n("en");
    renderWith({ mode: "live", capabilities: ["track"], pickupOffice: "Card office, building A" });
    expect(screen.getByRole("link", { name: "Track my request" }).getAttribute("href")).toBe("/track?kind=teacher");
    expect(screen.getByText("If you lost your card, go to: Card office, building A.")).toBeVisible();
  });

  it("without tracking declared: no link, and the office of the contact block when none is named", async () => {
    await setupTestI18n("fr");
    renderWith({ mode: "live", contact: { address: ["Service des cartes, bâtiment A", "Douala"] } });
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText(/le bureau des cartes la traite/)).toBeVisible();
    expect(
      screen.getByText("Si vous avez perdu votre carte, adressez-vous à : Service des cartes, bâtiment A."),
    ).toBeVisible();
  });

  it("without an office named nor an address, says the card office", async () => {
    await setupTestI18n("fr");
    renderWith({ mode: "live" });
    expect(screen.getByText("Si vous avez perdu votre carte, adressez-vous à : le bureau des cartes.")).toBeVisible();
  });
});
