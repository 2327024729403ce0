// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { ApiError } from "../../api";
import { setupTestI18n } from "../../i18n/testing";
import { MachineImplementations } from "../../machines/implementations";
import { referenceDataMachine } from "../../machines/reference-data";
import { cardToken, referenceData, staffCheck, studentCheck, teacherCheck } from "../../../tests/fixtures/entities";
import { CardCheckPage } from "./CardCheckPage";
import { labelsFromReferenceData } from "./labels";
import { publicProviders } from "./test-providers";
import { renderPage, stubbed } from "./check-page-test-support";

describe("CardCheckPage", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });

  it("shows VALID first, then the holder with labels, the emergency information, never the holder's e-mail or phone", async () => {
    renderPage({ kind: "student", token: "t", stubs: stubbed(async () => studentCheck) });
    expect(screen.getByRole("status").textContent).toBe("Vérification de la carte…");
    const heading = await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    // The focus follows once the verdict is painted.
    await waitFor(() => expect(heading).toBe(document.activeElement));
    expect(screen.getByText("Cette carte est authentique et active.")).toBeVisible();

    const holder = screen.getByRole("region", { name: "Titulaire" });
    expect(within(holder).getByRole("img", { name: "Photo de Épiphanie Ngono" }).getAttribute("src")).toMatch(
      /^data:image\/png;base64,/,
    );
    await within(holder).findByText("Faculté des Sciences");
    for (const text of [
      "Ngono",
      "Épiphanie",
      studentCheck.register,
      studentCheck.code,
      "Licence",
      "Informatique",
      "Niveau 3",
      "2024-2025",
    ]) {
      expect(within(holder).getByText(text)).toBeVisible();
    }
    const emergency = screen.getByRole("region", { name: "Informations d'urgence" });
    expect(within(emergency).getByText("A+")).toBeVisible();
    expect(within(emergency).getByText("Pénicilline")).toBeVisible();
    expect(within(emergency).getByText("Mballa Noël")).toBeVisible();
    expect(within(emergency).getByRole("link", { name: "Appeler Mballa Noël au 699876543" }).getAttribute("href")).toBe(
      "tel:699876543",
    );

    const text = document.body.textContent ?? "";
    expect(text).not.toContain(studentCheck.email);
    expect(text).not.toContain(studentCheck.phone);
    expect(document.body.innerHTML).not.toContain(studentCheck.email);
  });

  it("says prominently that a valid card without a photo needs an identity document, with the verdict", async () => {
    renderPage({ kind: "staff", token: "t", stubs: stubbed(async () => ({ ...staffCheck, photo_str: null })) });
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    const verdict = screen.getByTestId("check-verdict");
    expect(
      within(verdict).getByText("Carte sans photo : vérifiez l'identité du porteur avec une pièce d'identité."),
    ).toBeVisible();
    expect(verdict.dataset.photo).toBe("missing");
    cleanup();
    renderPage({ kind: "student", token: "t", stubs: stubbed(async () => studentCheck) });
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(screen.queryByText(/Carte sans photo/)).toBeNull();
  });

  it("while the labels load, the holder's reference fields wait (no bare ids); a failed lookup leaves the ids", async () => {
    let fail: (error: Error) => void = () => {};
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        async () => studentCheck,
        () => new Promise((_, reject) => (fail = reject)),
      ),
    });
    const holder = await screen.findByRole("region", { name: "Titulaire" });
    const busy = holder.querySelectorAll("[aria-busy=true]");
    expect(busy.length).toBe(4);
    expect([...busy].every((node) => node.textContent === "…")).toBe(true);
    expect(within(holder).queryAllByText(String(studentCheck.faculty))).toHaveLength(0);
    fail(new Error("lists down"));
    expect((await within(holder).findAllByText(String(studentCheck.faculty))).length).toBeGreaterThan(0);
    expect(holder.querySelectorAll("[aria-busy=true]").length).toBe(0);
  });

  it("says INVALID in words for a deactivated card, in English too", async () => {
    await setupTestI18n("en");
    renderPage({ kind: "teacher", token: "t", stubs: stubbed(async () => teacherCheck) });
    expect(await screen.findByRole("heading", { level: 1, name: "Invalid card" })).toBeVisible();
    expect(screen.getByText(/do not accept it/)).toBeVisible();
    expect(screen.getByText("No photo")).toBeVisible();
    const holder = screen.getByRole("region", { name: "Holder" });
    await within(holder).findByText("Department of Mathematics");
    expect(within(holder).getByText("Grade")).toBeVisible();
    expect(screen.getByRole("region", { name: "Emergency information" })).toBeVisible();
    expect(document.body.textContent).not.toContain(teacherCheck.email);
  });

  it("shows the id when a label is missing", async () => {
    renderPage({
      kind: "staff",
      token: "t",
      stubs: stubbed(
        async () => ({ ...staffCheck, service: 42 }),
        async () => ({}),
      ),
    });
    const holder = await screen.findByRole("region", { name: "Titulaire" });
    expect(within(holder).getByText("42")).toBeVisible();
  });

  it("shows card not found for a 404, and without any call for an empty or absurd token", async () => {
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(() => Promise.reject(new ApiError("notFound", "checkCard", "/x", 404, null))),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Carte introuvable" })).toBeVisible();

    const check = vi.fn(async () => studentCheck);
    renderPage({ kind: "student", token: "x".repeat(1000), stubs: stubbed(check) });
    expect(screen.getAllByRole("heading", { level: 1, name: "Carte introuvable" })).toHaveLength(2);
    expect(check).not.toHaveBeenCalled();
  });

  it("offers Retry after a network failure", async () => {
    let calls = 0;
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(async () => {
        calls += 1;
        if (calls === 1) throw new ApiError("network", "checkCard", "/x", null, "Failed to fetch");
        return studentCheck;
      }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Vérification impossible" })).toBeVisible();
    expect(screen.getByRole("alert").textContent).toMatch(/Erreur réseau/);
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Carte valide" })).toBeVisible();
  });
});

describe("labelsFromReferenceData", () => {
  it("picks the needed lists once the start-up lists are in", async () => {
    const actor = createActor(
      referenceDataMachine.provide({ actors: { fetchAll: fromPromise(async () => referenceData) } }),
      { input: { cache: null } },
    ).start();
    expect(await labelsFromReferenceData(actor, ["fonction", "service"])).toEqual({
      fonction: referenceData.fonction,
      service: referenceData.service,
    });
  });
});

describe("the check route's token", () => {
  const paramsAt = async (path: string) => {
    const root = createRootRoute({ component: () => <Outlet />, notFoundComponent: () => <p>not found</p> });
    const check = createRoute({
      getParentRoute: () => root,
      path: "/check/$kind/card/$token",
      component: function Probe() {
        return <p data-testid="token">{check.useParams().token}</p>;
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([check]),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    cleanup();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.body.textContent).not.toBe(""));
    return screen.queryByTestId("token")?.textContent ?? null;
  };

  it("arrives decoded exactly once (so it is sent as is)", async () => {
    expect(await paramsAt(`/check/student/card/${encodeURIComponent(cardToken)}`)).toBe(cardToken);
    expect(await paramsAt("/check/student/card/a%2525b")).toBe("a%25b");
  });

  it("is not found when its percent-encoding is malformed", async () => {
    expect(await paramsAt("/check/student/card/%E0%A4%A")).toBeNull();
    expect(screen.getByText("not found")).toBeVisible();
  });
});

describe("the check screen inside the app", () => {
  it("follows its home link through the router, without reloading the page", async () => {
    await setupTestI18n("fr");
    const notFound = stubbed(() => Promise.reject(new ApiError("notFound", "checkCard", "/x", 404, null)));
    const root = createRootRoute({ component: () => <Outlet /> });
    const home = createRoute({ getParentRoute: () => root, path: "/", component: () => <p>accueil</p> });
    const check = createRoute({
      getParentRoute: () => root,
      path: "/check/$kind/card/$token",
      component: () => (
        <MachineImplementations of={notFound}>
          <CardCheckPage kind="student" token="t" />
        </MachineImplementations>
      ),
    });
    const router = createRouter({
      routeTree: root.addChildren([home, check]),
      history: createMemoryHistory({ initialEntries: ["/check/student/card/t"] }),
    });
    const { wrapper } = publicProviders();
    cleanup();
    render(<RouterProvider router={router} />, { wrapper });
    await userEvent.click(await screen.findByRole("link", { name: "Aller à l'accueil" }));
    expect(await screen.findByText("accueil")).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
  });
});

describe('CardCheckPage with config.json publicCheck: "identity-only"', () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });

  it("hides blood group, allergies and the emergency contact; the holder stays", async () => {
    renderPage({
      kind: "student",
      token: "t",
      config: { mode: "live", publicCheck: "identity-only" },
      stubs: stubbed(async () => studentCheck),
    });
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(screen.getByRole("region", { name: "Titulaire" })).toBeVisible();
    expect(screen.queryByRole("region", { name: "Informations d'urgence" })).toBeNull();
    for (const text of ["Groupe sanguin", "Allergies", "Personne à contacter", studentCheck.contact_person_phone])
      expect(screen.queryByText(text)).toBeNull();
    expect(screen.queryByRole("link", { name: /^Appeler/ })).toBeNull();
    expect(screen.getByText(/les informations d'urgence figurent sur la carte imprimée/)).toBeVisible();
  });
});
