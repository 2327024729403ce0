// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fieldByName } from "../../forms/fields";
import { setupTestI18n } from "../../i18n/testing";
import { kinds } from "../../kinds";
import { RegistrationPortal } from "./RegistrationPortal";
import { RuntimeContext } from "../../app/runtime-context";
import type { RuntimeConfig } from "../../app/config";

describe.each(["en", "fr"] as const)("the registration portal (%s)", (lang) => {
  it("says about the photo what the student wizard says: guidance, printed on the card, can be added later", async () => {
    const i18n = await setupTestI18n(lang);
    render(<RegistrationPortal />);
    const wizardHint = i18n.t(fieldByName(kinds.student.form, "photo")?.descriptionKey ?? "");
    const [guidance, later] =
      lang === "en"
        ? ["plain light background, no hat, no filter", "it can be added later at the card office"]
        : ["fond clair et uni, sans chapeau, sans filtre", "ajoutée plus tard au bureau des cartes"];
    const portalPhoto = screen.getByText(/photo/, { selector: "li" }).textContent ?? "";
    for (const words of [guidance, later]) {
      expect(portalPhoto).toContain(words);
      expect(wizardHint).toContain(words);
    }
  });

  it("tells a lecturer to take the teacher card, not the staff one", async () => {
    await setupTestI18n(lang);
    render(<RegistrationPortal />);
    const staff = screen.getByRole("link", { name: lang === "en" ? "Staff" : "Personnel" });
    const described = document.getElementById(staff.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
    expect(described).toContain(
      lang === "en" ? "If you teach, choose the teacher card." : "Si vous enseignez, choisissez la carte enseignant.",
    );
  });
});

describe("the registration portal's way to a sent request", () => {
  const withConfig = (config: RuntimeConfig) => (
    <RuntimeContext.Provider
      value={{ config, resetDemo: null, restoreDemoAccounts: null, demoAccounts: [], demoCardToken: null }}
    >
      <RegistrationPortal />
    </RuntimeContext.Provider>
  );

  it("offers “Suivre ma demande” where the backend offers tracking (extension track)", async () => {
    await setupTestI18n("fr");
    render(withConfig({ mode: "live", capabilities: ["track"] }));
    expect(screen.getByRole("link", { name: "Suivre ma demande" }).getAttribute("href")).toBe("/track");
  });

  it("has no such link where the backend does not declare it", async () => {
    await setupTestI18n("fr");
    render(withConfig({ mode: "live", capabilities: [] }));
    expect(screen.queryByRole("link", { name: "Suivre ma demande" })).toBeNull();
  });
});
