// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { studentCheck } from "../../../tests/fixtures/entities";
import { deferred } from "../../../tests/fixtures/deferred";
import { setupTestI18n } from "../../i18n/testing";
import type { SignedCheck } from "../../machines/card-check-signed";
import type { CheckAnswer } from "../../machines/card-check-view";
import type { CardClaims } from "../../signed/payload";
import { renderPage, stubbed } from "./check-page-test-support";

/** What the student card's signed QR says, as the issuer signed it. */
const studentClaims: CardClaims = {
  kind: "student",
  code: studentCheck.code,
  register: studentCheck.register,
  familyName: studentCheck.lastname,
  givenNames: studentCheck.firstname,
  unit: "FS",
  validFrom: Date.parse("2024-09-01T00:00:00+01:00") / 1000,
  validUntil: Date.parse("2025-08-31T23:59:59+01:00") / 1000,
  sequence: 1,
  issuer: "USA",
};

/** The student card's page: `check` answers the online check, `signed` reads the QR's signature. */
const renderSigned = (check: () => Promise<CheckAnswer>, signed: () => Promise<SignedCheck | null>) =>
  renderPage({ kind: "student", token: "t", stubs: stubbed(check, undefined, signed) });

describe("CardCheckPage with a signed QR (extension signed-qr)", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });

  it("shows the signed verdict at once (name, code, kind, valid until), then the online check confirms it", async () => {
    const check = deferred<CheckAnswer>();
    renderSigned(
      () => check.promise,
      async () => ({ status: "genuine", claims: studentClaims, demoKey: false }),
    );
    const signed = await screen.findByTestId("signed-verdict");
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Signature authentique" })).toBe(document.activeElement),
    );
    for (const text of ["Épiphanie Ngono", studentCheck.code, "Carte étudiant", "31/08/2025"])
      expect(within(signed).getByText(text)).toBeVisible();
    expect(within(signed).getByRole("status").textContent).toBe("Confirmation en ligne…");
    expect(screen.queryByTestId("signed-demo-key")).toBeNull();

    check.resolve(studentCheck);
    const confirmed = await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    await waitFor(() => expect(confirmed).toBe(document.activeElement));
    expect(screen.getByTestId("signed-note").textContent).toBe(
      "Signature de l'université vérifiée\u00a0: le code QR correspond à cette carte.",
    );
    expect(screen.queryByTestId("signed-verdict")).toBeNull();
    expect(screen.getByRole("region", { name: "Informations d'urgence" })).toBeVisible();
  });

  it("a fragment whose signature fails is FORGED, even though the online check finds the token", async () => {
    renderSigned(
      async () => studentCheck,
      async () => ({ status: "forged" }),
    );
    const heading = await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    await waitFor(() => expect(screen.getByTestId("check-verdict").dataset.verdict).toBe("forged"));
    expect(heading).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Titulaire" })).toBeNull();
    expect(screen.getByText(/N'acceptez pas cette carte/)).toBeVisible();
  });

  it("an online answer that comes before the fragment's reading waits for it: nothing says VALID before FORGED", async () => {
    const signed = deferred<SignedCheck | null>();
    renderSigned(
      async () => studentCheck,
      () => signed.promise,
    );
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Vérification de la carte…"));
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
    signed.resolve({ status: "forged" });
    await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
  });

  it("a genuine signature naming another card than the online answer is FORGED", async () => {
    const check = deferred<CheckAnswer>();
    renderSigned(
      () => check.promise,
      async () => ({ status: "genuine", claims: { ...studentClaims, familyName: "IMPOSTEUR" }, demoKey: false }),
    );
    await screen.findByRole("heading", { level: 1, name: "Signature authentique" });
    check.resolve(studentCheck);
    const forged = await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    await waitFor(() => expect(forged).toBe(document.activeElement));
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
  });

  it("marks a demo backend's key, before and after the online check", async () => {
    const check = deferred<CheckAnswer>();
    renderSigned(
      () => check.promise,
      async () => ({ status: "genuine", claims: studentClaims, demoKey: true }),
    );
    expect((await screen.findByTestId("signed-demo-key")).textContent).toMatch(/^Clé de démonstration/);
    check.resolve(studentCheck);
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(within(screen.getByTestId("signed-note")).getByText(/^Clé de démonstration/)).toBeVisible();
  });

  it("says when the QR is signed by an unknown key", async () => {
    renderSigned(
      () => new Promise(() => {}),
      async () => ({ status: "unknownKey" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Clé inconnue" })).toBeVisible();
    expect(screen.getByText(/une clé que l'université ne publie pas/)).toBeVisible();
  });

  it("without a fragment the page is today's", async () => {
    renderSigned(
      async () => studentCheck,
      async () => null,
    );
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(screen.queryByTestId("signed-note")).toBeNull();
    expect(screen.queryByTestId("signed-verdict")).toBeNull();
  });
});
