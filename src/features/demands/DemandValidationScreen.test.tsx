// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { Profiler, type ProfilerOnRenderCallback } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { referenceData, studentDemand } from "../../../tests/fixtures/entities";
import type { ReferenceData, ReferenceName } from "../../api/schemas";
import { ApiError, type Validated } from "../../api";
import { deferred } from "../../../tests/fixtures/deferred";
import { ReferenceDataProvider } from "../../app/reference-data";
import { setupTestI18n } from "../../i18n/testing";
import { student } from "../../kinds";
import { demandValidationMachine } from "../../machines/demand-validation";
import type { AnyDemand } from "../../machines/demand-validation-context";
import { MachineImplementations, provision } from "../../machines/implementations";
import { referenceDataMachine } from "../../machines/reference-data";
import { sessionMachine } from "../../machines/session";
import { SessionProvider } from "../../session";
import { DemandValidationScreen } from "./DemandValidationScreen";
import type { CardLookup } from "../../machines/demand-validation-outcome";

/** The validation screen of `studentDemand` inside a router, its demand read from the stub, never sent anywhere. */
const renderScreen = (
  validateSimple?: () => Promise<Validated | null>,
  findCard?: (lookup: CardLookup) => Promise<string | null>,
  onRender: ProfilerOnRenderCallback = () => {},
  loadDemand: () => Promise<AnyDemand> = async () => studentDemand,
) => {
  const reference = createActor(
    referenceDataMachine.provide({
      actors: { fetchAll: fromPromise<ReferenceData, { names: readonly ReferenceName[] }>(async () => referenceData) },
    }),
    { input: { cache: null } },
  ).start();
  const session = createActor(sessionMachine, { input: { stored: null } }).start();
  const stubs = [
    provision(demandValidationMachine, (machine) =>
      machine.provide({
        actions: { keepEdits: () => {}, forgetEdits: () => {} },
        actors: {
          loadDemand: fromPromise(() => loadDemand()),
          ...(validateSimple ? { validateSimple: fromPromise(() => validateSimple()) } : {}),
          ...(findCard ? { findCard: fromPromise(({ input }) => findCard(input)) } : {}),
        },
      }),
    ),
  ];
  const root = createRootRoute({ component: () => <Outlet /> });
  const screenRoute = createRoute({
    getParentRoute: () => root,
    path: "/validation",
    component: () => (
      <MachineImplementations of={stubs}>
        <SessionProvider actor={session}>
          <ReferenceDataProvider actor={reference}>
            <Profiler id="screen" onRender={onRender}>
              <DemandValidationScreen kind={student} id={studentDemand.id} />
            </Profiler>
          </ReferenceDataProvider>
        </SessionProvider>
      </MachineImplementations>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ["/validation"] }),
  });
  render(<RouterProvider router={router} />);
};

const registerField = () => screen.getByRole("textbox", { name: /Registration number/ }) as HTMLInputElement;

describe("DemandValidationScreen: the edit form's two ways out of an edit", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("names Cancel and Restore the values received apart, and each does what it says", async () => {
    renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Edit" }));
    await userEvent.clear(registerField());
    await userEvent.type(registerField(), "22W9999");

    const cancel = screen.getByRole("button", { name: "Cancel" });
    const restore = screen.getByRole("button", { name: "Restore the values received" });
    // Neither name begins like the other: an agent cannot take one for the other.
    const [a, b] = [cancel, restore].map((button) => button.textContent!.toLowerCase());
    expect(a!.startsWith(b!.split(" ")[0]!) || b!.startsWith(a!.split(" ")[0]!)).toBe(false);

    // Restore: the form stays, with the demand's values as received.
    await userEvent.click(restore);
    expect(registerField().value).toBe(studentDemand.register);
    expect(screen.queryByRole("button", { name: "Restore the values received" })).toBeNull();

    // Cancel: asks first when something was edited, then leaves the form for the review.
    await userEvent.type(registerField(), "9");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.click(await screen.findByRole("button", { name: "Drop the corrections" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: /Registration number/ })).toBeNull());
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(screen.getByText(studentDemand.register)).toBeTruthy();
  });

  it("in French too, the two names begin differently (no two « Annuler »)", async () => {
    await setupTestI18n("fr");
    try {
      renderScreen();
      await userEvent.click(await screen.findByRole("button", { name: "Modifier" }));
      await userEvent.type(screen.getByRole("textbox", { name: /Matricule/ }), "9");
      expect(screen.getByRole("button", { name: "Annuler" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Rétablir les valeurs reçues" })).toBeTruthy();
      expect(screen.queryAllByRole("button", { name: /^Annuler/ })).toHaveLength(1);
    } finally {
      await setupTestI18n("en");
    }
  });
});

describe("DemandValidationScreen: an optimistic Validated", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("says Validated ✓ at once while the server works, and takes it back when the server refuses", async () => {
    const answer = deferred<Validated | null>();
    renderScreen(() => answer.promise);
    await userEvent.click(await screen.findByRole("button", { name: "Validate as received" }));
    expect(screen.getByRole("button", { name: "Validated ✓" })).toBeTruthy();
    expect(screen.getByText("Validated", { selector: "span" })).toBeTruthy();
    answer.reject(new ApiError("server", "validateDemand", "/x/", 500, null));
    expect(await screen.findByRole("button", { name: "Validate as received" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Validated ✓" })).toBeNull();
    expect(screen.queryByText("Validated", { selector: "span" })).toBeNull();
  });
});

describe("DemandValidationScreen: drawn again only when what it shows changes", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("the validation's answer draws nothing new; the demand read again shows it validated, then its card", async () => {
    const answer = deferred<Validated | null>();
    const again = deferred<AnyDemand>();
    const load = vi
      .fn<() => Promise<AnyDemand>>()
      .mockResolvedValueOnce(studentDemand)
      .mockReturnValueOnce(again.promise);
    let draws = 0;
    renderScreen(
      () => answer.promise,
      async () => "c-77",
      () => void (draws += 1),
      load,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Validate as received" }));
    expect(screen.getByRole("button", { name: "Validated ✓" })).toBeTruthy();
    draws = 0;
    answer.resolve(null);
    // The answer read, the demand is read again: the screen still says the same.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(draws).toBe(0);
    again.resolve({ ...studentDemand, validated: true });
    await screen.findByRole("link", { name: "View the card" });
    expect(draws).toBe(2);
  });
});

describe("DemandValidationScreen: the card the validation made", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("an answer naming no card still links to the card, found by the demand's registration number", async () => {
    const findCard = vi.fn(async (lookup: CardLookup) => (lookup.register === studentDemand.register ? "c-77" : null));
    renderScreen(async () => null, findCard);
    await userEvent.click(await screen.findByRole("button", { name: "Validate as received" }));
    expect(await screen.findByRole("link", { name: "View the card" })).toHaveAttribute(
      "href",
      "/dashboard/student/card/c-77",
    );
    expect(findCard).toHaveBeenCalledWith(expect.objectContaining({ cardId: null, register: studentDemand.register }));
  });
});
