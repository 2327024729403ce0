// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RuntimeContext } from "../../app/runtime-context";
import type { RuntimeConfig } from "../../app/config";
import { setupTestI18n } from "../../i18n/testing";
import { ResultPage } from "./ResultPage";

const withConfig = (config: RuntimeConfig, children: React.ReactNode) => (
  <RuntimeContext.Provider
    value={{ config, resetDemo: null, restoreDemoAccounts: null, demoAccounts: [], demoCardToken: null }}
  >
    {children}
  </RuntimeContext.Provider>
);

describe("ResultPage", () => {
  it("shows the name and the demand code, the e-mail note, and moves focus to its heading", async () => {
    await setupTestI18n("fr");
    render(<ResultPage kind="student" name="Épiphanie Ngono" code="DMSTUD000091" onNewRequest={() => {}} />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Demande de carte étudiant envoyée");
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText("DMSTUD000091")).toBeVisible();
    expect(screen.getByText("Épiphanie Ngono")).toBeVisible();
    expect(screen.getByText("Vous recevrez un e-mail lorsque votre carte sera prête.")).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is a receipt: kind, date, what happens next, the office; without a kept name, the code alone", async () => {
    await setupTestI18n("fr");
    const contact = { email: "cartes@univ-douala.cm", phone: "+237 233 40 10 10", address: ["Bâtiment A", "Douala"] };
    render(
      withConfig(
        { mode: "live", contact },
        <ResultPage
          kind="staff"
          name={null}
          code="DMPER000012"
          sentAt={Date.UTC(2026, 10, 25, 7, 6)}
          onNewRequest={() => {}}
        />,
      ),
    );
    const receipt = screen.getByRole("region", { name: "Reçu de demande" });
    expect(receipt.textContent).toContain("Carte du personnel");
    expect(receipt.textContent).toMatch(/Date de dépôt25\/11\/2026 - \d{2}:06/);
    expect(receipt.textContent).toContain("Bâtiment A, Douala");
    expect(receipt.textContent).toContain("E-mail\u00a0: cartes@univ-douala.cm · Téléphone\u00a0: +237 233 40 10 10");
    expect(screen.queryByText("Nom")).toBeNull();
    expect(screen.getByRole("button", { name: "Imprimer ou enregistrer le reçu" })).toBeVisible();
  });

  it("a live site's receipt without contact details in config.json shows none of the demo university's", async () => {
    await setupTestI18n("fr");
    render(
      withConfig(
        { mode: "live" },
        <ResultPage kind="student" name={null} code="DMSTUD000091" onNewRequest={() => {}} />,
      ),
    );
    const receipt = screen.getByRole("region", { name: "Reçu de demande" });
    expect(receipt.textContent).not.toMatch(/univ-sanaga|233 46 12 00|Édéa|E-mail\u00a0:|Téléphone\u00a0:/);
    expect(receipt.textContent).toContain("Pour nous joindre");
  });

  it("has a generic title without a kind, and a New request button (English)", async () => {
    await setupTestI18n("en");
    const onNewRequest = vi.fn();
    render(<ResultPage kind={null} name="Jean Mbarga" code="DMPER000012" onNewRequest={onNewRequest} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Request sent");
    expect(screen.getByText("You will receive an e-mail when your card is ready.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "New request" }));
    expect(onNewRequest).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });

  it.each(["staff", "teacher"] as const)("has a %s title", async (kind) => {
    await setupTestI18n("en");
    render(<ResultPage kind={kind} name="A B" code="C" onNewRequest={() => {}} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      kind === "staff" ? "Staff card request sent" : "Teacher card request sent",
    );
  });

  it("links to the tracking page with its kind and code when the backend offers tracking (extension track)", async () => {
    await setupTestI18n("fr");
    render(
      withConfig(
        { mode: "live", capabilities: ["track"] },
        <ResultPage kind="student" name="A B" code="DMSTUD000091" onNewRequest={() => {}} />,
      ),
    );
    expect(screen.getByRole("link", { name: "Suivre ma demande" }).getAttribute("href")).toBe(
      "/track?kind=student&code=DMSTUD000091",
    );
  });

  it("has no tracking link where the backend does not declare it: the specification's page", async () => {
    await setupTestI18n("fr");
    render(
      withConfig(
        { mode: "live", capabilities: ["reject"] },
        <ResultPage kind="student" name="A B" code="DMSTUD000091" onNewRequest={() => {}} />,
      ),
    );
    expect(screen.queryByRole("link", { name: "Suivre ma demande" })).toBeNull();
    expect(screen.queryByText(/suivre son état/)).toBeNull();
  });
});
