// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { RuntimeContext } from "../../app/runtime-context";
import type { RuntimeConfig } from "../../app/config";
import { publicProviders } from "../check/test-providers";
import { RegistrationPortal } from "../portal/RegistrationPortal";
import { PrivacyPage } from "../terms/PrivacyPage";
import { TermsPage } from "../terms/TermsPage";
import { LandingPage, LANDING_SECTIONS } from "./LandingPage";

const show = (ui: React.ReactElement) => render(ui, { wrapper: publicProviders().wrapper });
/** A page under a site's config.json (the default context is a live site without one). */
const showWith = (config: RuntimeConfig, ui: React.ReactElement) =>
  show(
    <RuntimeContext.Provider
      value={{ config, resetDemo: null, restoreDemoAccounts: null, demoAccounts: [], demoCardToken: null }}
    >
      {ui}
    </RuntimeContext.Provider>,
  );
const siteContact = {
  email: "cartes@univ-douala.cm",
  phone: "+237 233 40 10 10",
  address: ["Service des cartes, bâtiment A", "BP 2701", "Douala"],
};

/** Heading levels in document order never skip a level and there is one h1. */
const expectHeadingOutline = () => {
  const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1);
  });
};

describe("LandingPage", () => {
  it("has one h1, the six sections as labelled regions, calls to action and an in-page navigation", async () => {
    await setupTestI18n("fr");
    show(<LandingPage />);
    expectHeadingOutline();
    for (const id of LANDING_SECTIONS)
      expect(document.getElementById(id)?.getAttribute("aria-labelledby")).toBe(`${id}-title`);
    expect(screen.getAllByRole("link", { name: "Demander une carte" })[0]?.getAttribute("href")).toBe("/registration");
    expect(screen.getAllByRole("link", { name: "Connexion agent" })[0]?.getAttribute("href")).toBe("/auth");
    const onPage = screen.getByRole("navigation", { name: "Sur cette page" });
    expect(
      within(onPage)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(LANDING_SECTIONS.map((id) => `#${id}`));
    for (const img of document.querySelectorAll("img")) {
      expect(img.getAttribute("width")).toBeTruthy();
      expect(img.getAttribute("height")).toBeTruthy();
    }
  });

  it("answers the FAQ in disclosures, including who sees the data", async () => {
    await setupTestI18n("en");
    show(<LandingPage />);
    // Native <details>/<summary>: the question is the summary, the answer shows when the disclosure is open.
    const question = screen.getByText("Who sees my data?");
    const disclosure = question.closest("details");
    if (!disclosure) throw new Error("the question is not a <details> summary");
    expect(disclosure.open).toBe(false);
    await userEvent.click(question);
    expect(disclosure.open).toBe(true);
    expect(
      screen.getByText(/may be shared with commercial partners and is kept for the card's validity period/),
    ).toBeVisible();
    expect(screen.getByText("I lost my card. What should I do?").closest("details")).toBeInTheDocument();
  });
});

describe("RegistrationPortal", () => {
  it("offers three choices linking to the wizards", async () => {
    await setupTestI18n("fr");
    show(<RegistrationPortal />);
    expectHeadingOutline();
    const list = screen.getByRole("list", { name: "Types de carte" });
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Étudiant", "/registration/student"],
      ["Personnel", "/registration/staff"],
      ["Enseignant", "/registration/teacher"],
    ]);
    expect(links[0]?.getAttribute("aria-describedby")).toBe("portal-student-desc");
    // Each choice says how many steps its wizard shows ("Étape 1 sur 5"), and nothing promises another count.
    expect(document.getElementById("portal-student-desc")?.textContent).toContain("5 étapes, récapitulatif compris");
    expect(document.getElementById("portal-staff-desc")?.textContent).toContain("4 étapes, récapitulatif compris");
    expect(document.body.textContent).not.toMatch(/quatre étapes/);
  });
});

describe("LandingPage promises", () => {
  it("names the wizards' real step counts and no tracking page that does not exist", async () => {
    await setupTestI18n("fr");
    show(<LandingPage />);
    expect(screen.getByText("4 à 5 étapes pour déposer une demande, selon la carte")).toBeVisible();
    expect(document.body.textContent).not.toMatch(/Suivre sa demande|quatre étapes/);
  });
});

describe("TermsPage", () => {
  it.each(["student", "staff", "teacher"] as const)("states the three §1 statements for %s (FR)", async (kind) => {
    await setupTestI18n("fr");
    show(<TermsPage kind={kind} />);
    expectHeadingOutline();
    const summary = screen.getByRole("region", { name: "L'essentiel" });
    expect(
      within(summary)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Vos données peuvent être partagées avec des partenaires commerciaux et sont conservées pendant la durée de validité de la carte.",
      "Une carte perdue est remplacée moyennant des frais.",
      "Aucune action en justice ne peut être intentée contre le prestataire.",
    ]);
    expect(screen.getByRole("link", { name: "Faire une demande" }).getAttribute("href")).toBe(`/registration/${kind}`);
  });

  it("is in English too, with a kind-specific title and no price", async () => {
    await setupTestI18n("en");
    show(<TermsPage kind="staff" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Terms of use — staff");
    expect(screen.getByText("A lost card is replaced for a fee.")).toBeVisible();
    expect(screen.getByText("No legal action may be taken against the provider.")).toBeVisible();
    expect(document.body.textContent).not.toMatch(/FCFA|XAF|\d+\s?francs/i);
    expect(screen.getByRole("link", { name: "Staff" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("PrivacyPage", () => {
  it("covers what, why, how long, who and correction, consistent with the terms", async () => {
    await setupTestI18n("en");
    showWith({ mode: "live", contact: siteContact }, <PrivacyPage />);
    expectHeadingOutline();
    for (const name of ["What we collect", "Why", "How long", "Who receives it", "Asking for a correction"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    expect(screen.getByText("Your data is kept for the card's validity period.")).toBeVisible();
    expect(screen.getByText(/Commercial partners, with whom your data may be shared/)).toBeVisible();
    expect(screen.getByText("Your e-mail and phone number never appear on the public check page.")).toBeVisible();
    expect(screen.getByRole("link", { name: "cartes@univ-douala.cm" }).getAttribute("href")).toBe(
      "mailto:cartes@univ-douala.cm",
    );
    expect(screen.getByRole("link", { name: "+237 233 40 10 10" }).getAttribute("href")).toBe("tel:+237233401010");
    expect(screen.getByText("Service des cartes, bâtiment A, BP 2701, Douala")).toBeVisible();
  });
});

describe("the card office's contact details (config.json contact)", () => {
  it("the landing page shows the site's own, with mail and phone links", async () => {
    await setupTestI18n("fr");
    showWith({ mode: "live", contact: siteContact }, <LandingPage />);
    const contact = within(document.getElementById("contact")!);
    expect(contact.getByRole("link", { name: "cartes@univ-douala.cm" }).getAttribute("href")).toBe(
      "mailto:cartes@univ-douala.cm",
    );
    expect(contact.getByRole("link", { name: "+237 233 40 10 10" }).getAttribute("href")).toBe("tel:+237233401010");
    expect(contact.getByText("Douala")).toBeVisible();
  });

  it("a live site without them shows none, never the demo university's invented ones", async () => {
    await setupTestI18n("fr");
    showWith({ mode: "live" }, <LandingPage />);
    const contact = document.getElementById("contact")!;
    expect(within(contact).queryByRole("link")).toBeNull();
    expect(within(contact).queryByText("Adresse")).toBeNull();
    expect(document.body.textContent).not.toMatch(/univ-sanaga|233 46 12 00|Édéa|BP 1234/);
    // The opening hours are a site text of the translations (docs/deploying.md), kept.
    expect(within(contact).getByText("Horaires")).toBeVisible();
  });

  it("demo mode shows the demo university's when config.json gives none", async () => {
    await setupTestI18n("fr");
    showWith({ mode: "demo" }, <PrivacyPage />);
    expect(screen.getByRole("link", { name: "cartes@univ-sanaga.cm" })).toBeVisible();
    expect(screen.getByText(/Édéa, Cameroun/)).toBeVisible();
  });
});
