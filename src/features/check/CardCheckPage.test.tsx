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
import { cardCheckMachine } from "../../machines/card-check";
import type { CheckAnswer, CheckLabels } from "../../machines/card-check-view";
import { MachineImplementations, provision } from "../../machines/implementations";
import { referenceDataMachine } from "../../machines/reference-data";
import { cardToken, referenceData, staffCheck, studentCheck, teacherCheck } from "../../../tests/fixtures/entities";
import { CardCheckPage } from "./CardCheckPage";
import { labelsFromReferenceData } from "./labels";
import { publicProviders } from "./test-providers";
import { deferred } from "../../../tests/fixtures/deferred";
import { RuntimeContext, type Runtime } from "../../app/runtime-context";
import type { RuntimeConfig } from "../../app/config";
import type { SignedCheck } from "../../machines/card-check-signed";
import type { CardClaims } from "../../signed/payload";

const allLabels: CheckLabels = {
  faculty: referenceData.faculty,
  cycle: referenceData.cycle,
  filiere: referenceData.filiere,
  niveau: referenceData.niveau,
  department: referenceData.department,
  fonction: referenceData.fonction,
  grade: referenceData.grade,
  service: referenceData.service,
};

const stubbed = (
  check: () => Promise<CheckAnswer>,
  labels: () => Promise<CheckLabels> = async () => allLabels,
  signed?: () => Promise<SignedCheck | null>,
) => [
  provision(cardCheckMachine, (machine) =>
    machine.provide({
      actors: {
        check: fromPromise(check),
        loadLabels: fromPromise(labels),
        ...(signed ? { verifySigned: fromPromise(signed) } : {}),
      },
    }),
  ),
];

const renderPage = (
  {
    stubs,
    config = { mode: "live" },
    ...props
  }: Parameters<typeof CardCheckPage>[0] & {
    readonly stubs: ReturnType<typeof stubbed>;
    readonly config?: RuntimeConfig;
  },
  load?: Parameters<typeof publicProviders>[0],
) => {
  const { wrapper } = publicProviders(load);
  const runtime: Runtime = {
    config,
    resetDemo: null,
    restoreDemoAccounts: null,
    demoAccounts: [],
    demoCardToken: null,
  };
  return render(
    <RuntimeContext.Provider value={runtime}>
      <MachineImplementations of={stubs}>
        <CardCheckPage {...props} />
      </MachineImplementations>
    </RuntimeContext.Provider>,
    { wrapper },
  );
};

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

describe("CardCheckPage with a signed QR (extension signed-qr)", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });

  it("shows the signed verdict at once (name, code, kind, valid until), then the online check confirms it", async () => {
    const check = deferred<CheckAnswer>();
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        () => check.promise,
        undefined,
        async () => ({ status: "genuine", claims: studentClaims, demoKey: false }),
      ),
    });
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
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        async () => studentCheck,
        undefined,
        async () => ({ status: "forged" }),
      ),
    });
    const heading = await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    await waitFor(() => expect(screen.getByTestId("check-verdict").dataset.verdict).toBe("forged"));
    expect(heading).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Titulaire" })).toBeNull();
    expect(screen.getByText(/N'acceptez pas cette carte/)).toBeVisible();
  });

  it("an online answer that comes before the fragment's reading waits for it: nothing says VALID before FORGED", async () => {
    const signed = deferred<SignedCheck | null>();
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        async () => studentCheck,
        undefined,
        () => signed.promise,
      ),
    });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Vérification de la carte…"));
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
    signed.resolve({ status: "forged" });
    await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
  });

  it("a genuine signature naming another card than the online answer is FORGED", async () => {
    const check = deferred<CheckAnswer>();
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        () => check.promise,
        undefined,
        async () => ({ status: "genuine", claims: { ...studentClaims, familyName: "IMPOSTEUR" }, demoKey: false }),
      ),
    });
    await screen.findByRole("heading", { level: 1, name: "Signature authentique" });
    check.resolve(studentCheck);
    const forged = await screen.findByRole("heading", { level: 1, name: "QR falsifié ou modifié" });
    await waitFor(() => expect(forged).toBe(document.activeElement));
    expect(screen.queryByRole("heading", { name: "Carte valide" })).toBeNull();
  });

  it("marks a demo backend's key, before and after the online check", async () => {
    const check = deferred<CheckAnswer>();
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        () => check.promise,
        undefined,
        async () => ({ status: "genuine", claims: studentClaims, demoKey: true }),
      ),
    });
    expect((await screen.findByTestId("signed-demo-key")).textContent).toMatch(/^Clé de démonstration/);
    check.resolve(studentCheck);
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(within(screen.getByTestId("signed-note")).getByText(/^Clé de démonstration/)).toBeVisible();
  });

  it("says when the QR is signed by an unknown key", async () => {
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        () => new Promise(() => {}),
        undefined,
        async () => ({ status: "unknownKey" }),
      ),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Clé inconnue" })).toBeVisible();
    expect(screen.getByText(/une clé que l'université ne publie pas/)).toBeVisible();
  });

  it("without a fragment the page is today's", async () => {
    renderPage({
      kind: "student",
      token: "t",
      stubs: stubbed(
        async () => studentCheck,
        undefined,
        async () => null,
      ),
    });
    await screen.findByRole("heading", { level: 1, name: "Carte valide" });
    expect(screen.queryByTestId("signed-note")).toBeNull();
    expect(screen.queryByTestId("signed-verdict")).toBeNull();
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
