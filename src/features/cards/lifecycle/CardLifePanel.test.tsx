// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import { referenceData, studentCard } from "../../../../tests/fixtures/entities";
import type { CardEvent, FileBody } from "../../../api";
import type { Capability } from "../../../api/capabilities";
import type { ReferenceData, ReferenceName } from "../../../api/schemas";
import { ReferenceDataProvider } from "../../../app/reference-data";
import { RuntimeContext } from "../../../app/runtime-context";
import { setupTestI18n } from "../../../i18n/testing";
import { student } from "../../../kinds";
import { cardLifecycleMachine, type AnyCard } from "../../../machines/card-lifecycle";
import { cardStatesMachine } from "../../../machines/card-lifecycle-states";
import { MachineImplementations, provision } from "../../../machines/implementations";
import { referenceDataMachine } from "../../../machines/reference-data";
import { formatDateTime } from "../../../i18n/format";
import { CardDetailScreen } from "../CardDetailScreen";

const active: AnyCard = {
  ...studentCard,
  update_at: "2026-10-02T10:00:00+01:00",
  valid_until: "2027-09-30",
  state: "active",
  sequence: 1,
};
const pdf: FileBody = { blob: new Blob(["%PDF"]), fileName: "c.pdf", contentType: "application/pdf" };
const events: CardEvent[] = [
  { kind: "submitted", at: "2026-09-20T08:00:00+01:00" },
  { kind: "validated", at: "2026-10-02T10:00:00+01:00", by: { username: "fotsing.aime", first_name: "Aimé" } },
];

const show = (capabilities: readonly Capability[], card: AnyCard = active, replacementFee?: number) => {
  const loadEvents = vi.fn(async (): Promise<readonly CardEvent[]> => events);
  const suspend = vi.fn(async (_: unknown) => ({
    ...card,
    valid: false,
    state: "suspended",
    state_reason: "lost",
    state_at: "2026-11-12T09:30:00+01:00",
    state_by: { username: "admin", first_name: "Admin" },
  }));
  const replace = vi.fn(async (_: unknown) => ({ ...card, id: "new-card", code: "PCSTUD0099", sequence: 2 }));
  const stubs = [
    provision(cardLifecycleMachine, (m) =>
      m.provide({
        actors: {
          loadCard: fromPromise(async () => card),
          loadPdf: fromPromise(async () => pdf),
          objectUrl: fromCallback(({ sendBack }) => sendBack({ type: "PDF_URL", url: "blob:x" })),
        },
      }),
    ),
    provision(cardStatesMachine, (m) =>
      m.provide({
        actors: {
          loadEvents: fromPromise(() => loadEvents()),
          suspend: fromPromise(({ input }) => suspend(input)),
          replace: fromPromise(({ input }) => replace(input)),
        },
      }),
    ),
  ];
  const reference = createActor(
    referenceDataMachine.provide({
      actors: { fetchAll: fromPromise<ReferenceData, { names: readonly ReferenceName[] }>(async () => referenceData) },
    }),
    { input: { cache: null } },
  ).start();
  const view = render(
    <RuntimeContext.Provider
      value={{
        config: { mode: "live", capabilities, ...(replacementFee === undefined ? {} : { replacementFee }) },
        resetDemo: null,
        restoreDemoAccounts: null,
        demoAccounts: [],
        demoCardToken: null,
      }}
    >
      <MachineImplementations of={stubs}>
        <ReferenceDataProvider actor={reference}>
          <CardDetailScreen kind={student} id={card.id} />
        </ReferenceDataProvider>
      </MachineImplementations>
    </RuntimeContext.Provider>,
  );
  return { loadEvents, suspend, replace, unmount: view.unmount };
};

const INVISIBLE = "Ce champ contient des caractères invisibles, de contrôle ou corrompus\u00a0: retapez-le.";

describe("card detail, lifecycle extension", () => {
  beforeAll(async () => {
    await setupTestI18n("fr");
  });

  it("without the capability the screen is today's: no lifecycle section, no timeline call", async () => {
    const { loadEvents } = show([]);
    await screen.findByRole("button", { name: "Notifier l'impression" });
    expect(screen.queryByRole("heading", { name: "Cycle de vie" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Suspendre" })).toBeNull();
    expect(loadEvents).not.toHaveBeenCalled();
  });

  it("with it: the state, its validity end, the allowed actions and the timeline; suspending sends the reason", async () => {
    const { suspend } = show(["lifecycle"]);
    const section = (await screen.findByRole("heading", { name: "Cycle de vie" })).closest("section");
    if (!section) throw new Error("no section");
    const life = within(section);
    expect(life.getByTestId("card-life").textContent).toContain("Active");
    expect(life.getByTestId("card-life").textContent).toContain("Valide jusqu'au 30/09/2027");
    expect(life.queryByRole("button", { name: "Réactiver" })).toBeNull();
    const timeline = await life.findByTestId("card-timeline");
    expect(timeline.textContent).toContain("Demande validée, carte émise par Aimé");

    await userEvent.click(life.getByRole("button", { name: "Suspendre" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspendre la carte" });
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Motif" }), "Volée");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Note" }), "Au stade");
    await userEvent.click(within(dialog).getByRole("button", { name: "Suspendre la carte" }));
    await waitFor(() =>
      expect(suspend).toHaveBeenCalledWith(
        expect.objectContaining({ body: { reason: "stolen", note: "Au stade", reported_by_holder: true } }),
      ),
    );
  });

  it("a note holding a bidi override is refused on the field, and nothing is sent", async () => {
    const { suspend } = show(["lifecycle"]);
    const section = (await screen.findByRole("heading", { name: "Cycle de vie" })).closest("section");
    if (!section) throw new Error("no section");
    await userEvent.click(within(section).getByRole("button", { name: "Suspendre" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Suspendre la carte" }));
    const note = dialog.getByRole("textbox", { name: "Note" });
    await userEvent.type(note, "\u202Eeidrep");
    await userEvent.click(dialog.getByRole("button", { name: "Suspendre la carte" }));
    expect(note).toHaveAccessibleDescription(INVISIBLE);
    expect(suspend).not.toHaveBeenCalled();
  });

  it("a replaced card offers no action and links to its replacement", async () => {
    show(["lifecycle"], { ...active, valid: false, state: "replaced", replaced_by: "new-card" });
    const link = await screen.findByRole("link", { name: "Voir la carte qui la remplace" });
    expect(link.getAttribute("href")).toBe("/dashboard/student/card/new-card");
    for (const name of ["Suspendre", "Réactiver", "Remplacer (duplicata)"])
      expect(screen.queryByRole("button", { name })).toBeNull();
  });

  it("the status row names the lifecycle state with the capability, and says Inactive without it", async () => {
    const statusRow = async () => {
      const term = await screen.findByText("Statut", { selector: "dt" });
      return term.nextElementSibling?.textContent;
    };
    const expired = { ...active, update_at: "2024-10-02T10:00:00+01:00", valid_until: "2025-09-30" };
    const replaced = { ...active, valid: false, state: "replaced", replaced_by: "new-card" };
    for (const [capabilities, card, shown] of [
      [["lifecycle"], replaced, "Remplacée"],
      [[], replaced, "Inactive"],
      [["lifecycle"], expired, "Expirée"],
      [[], expired, "Active"],
      [["lifecycle"], active, "Active"],
    ] as const) {
      const view = show(capabilities, card);
      expect(await statusRow(), `${capabilities.join()} ${shown}`).toBe(shown);
      view.unmount();
    }
  });

  it("the replacement fee starts at config.json's standard fee, takes it as people write it, and says on the field what is wrong", async () => {
    const { replace } = show(["lifecycle"], active, 5000);
    await userEvent.click(await screen.findByRole("button", { name: "Remplacer (duplicata)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Émettre une carte de remplacement" }));
    const fee = dialog.getByRole("textbox", { name: /Frais payés/u });
    expect(fee).toHaveProperty("value", "5\u202f000");
    const reference = dialog.getByRole("textbox", { name: /Référence du paiement/u });
    const submit = dialog.getByRole("button", { name: "Émettre la carte de remplacement" });

    await userEvent.clear(fee);
    await userEvent.type(fee, "cinq mille");
    await userEvent.click(submit);
    expect(fee.getAttribute("aria-invalid")).toBe("true");
    expect(fee).toHaveAccessibleDescription("Indiquez un montant entier en FCFA, par exemple 5\u202f000.");
    expect(reference).toHaveAccessibleDescription("Indiquez la référence du paiement.");
    expect(replace).not.toHaveBeenCalled();

    await userEvent.clear(fee);
    await userEvent.type(fee, "5 000 FCFA");
    await userEvent.type(reference, "MP2611.1234");
    await userEvent.click(submit);
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        expect.objectContaining({ body: { fee_amount: 5000, payment_reference: "MP2611.1234", note: "" } }),
      ),
    );
  });
});

describe("card detail, digital-card extension", () => {
  beforeAll(async () => {
    await setupTestI18n("fr");
  });

  const digital: AnyCard = {
    ...active,
    digital_issued_at: "2026-11-02T09:00:00+01:00",
    digital_refreshed_at: "2026-11-04T19:30:00+01:00",
  };
  const digitalRow = async () => {
    const label = await screen.findByText("Carte numérique", { selector: "dt" });
    return label.nextElementSibling?.textContent;
  };

  it("shows when the holder's phone first opened the card and last refreshed it", async () => {
    show(["digital-card"], digital);
    expect(await digitalRow()).toBe(
      `Émise le ${formatDateTime(digital.digital_issued_at)}, actualisée le ${formatDateTime(digital.digital_refreshed_at)}`,
    );
  });

  it("says a card was never opened on a phone", async () => {
    show(["digital-card"], { ...active, digital_issued_at: null, digital_refreshed_at: null });
    expect(await digitalRow()).toBe("Jamais ouverte sur un téléphone");
  });

  it("without the capability, shows nothing of it whatever the answer holds", async () => {
    show([], digital);
    await screen.findByRole("button", { name: "Notifier l'impression" });
    expect(screen.queryByText("Carte numérique")).toBeNull();
  });
});
