// @own-modules
// @vitest-environment node
/**
 * Issue #15 "Kinds": a fourth kind of card holder is one descriptor registered in src/kinds (its id beside the
 * others in src/api/kind-ids.ts) plus its translations. This test registers a fake "visitor" kind in those two
 * registry modules only, as a new descriptor file would, and follows it to what users and the backend see: the
 * side menu, the dashboard's tiles and exports, the routes and prerendered pages, the translation namespaces,
 * the registration wizard and the URLs requested, and the dev server's API proxy.
 */
import { createActor, waitFor } from "xstate";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import * as fx from "../fixtures/entities";

vi.mock("../../src/api/kind-ids", () => ({ kindIds: ["student", "staff", "teacher", "visitor"] }));

vi.mock("../../src/kinds/index", async (importOriginal) => {
  const registry = await importOriginal<typeof import("../../src/kinds/index")>();
  const { kindPaths } = await import("../../src/api/paths");
  const route = { root: "/visitor/api/v1", segment: "visitor/", check: "checkcard/visitor" };
  // What src/kinds/visitor.ts would hold: the staff form and schemas, its own paths, codes and stats key.
  const visitor = {
    ...registry.staff,
    id: "visitor",
    codePrefix: "PCVIS",
    demandPrefix: "DMVIS",
    defaultRoute: route,
    paths: kindPaths(route),
    statsKey: "visitor_demands",
  };
  return { ...registry, kinds: { ...registry.kinds, visitor } };
});

const { kindIds } = await import("../../src/api/kind-ids");
const { kinds, isKindId } = await import("../../src/kinds");
const { visibleMenu } = await import("../../src/features/layout/menu");
const { tileDefs } = await import("../../src/features/dashboard/StatTiles");
const { exportMachine, exportTargets, screenWordsConverterWith } = await import("../../src/machines/export");
const { wizardMachine } = await import("../../src/machines/wizard");
const { restoreWizard, snapshotForStorage } = await import("../../src/machines/wizard-storage");
const { NAMESPACES } = await import("../../src/i18n/namespaces");
const { namespacesFor } = await import("../../src/i18n/route-namespaces");
const { prerenderedPages } = await import("../../src/app/prerendered-routes");
const { isBackendPath } = await import("../../src/api/backend-path");
const { listCards, listDemands } = await import("../../src/api");
const { useStubBackend } = await import("../../src/api/test-support");
const { kindOfParam } = await import("../../src/features/lists/kind-param");

/** The fake kind's id, typed as any kind id (it is one once registered). */
const visitor = kindIds[3]!;

// ── A stub backend: the URLs the client requests ───────────────────────────────────────────────────────────────

const backend = useStubBackend();
/** The requests the client made, as "METHOD /path". */
const requested = () => backend.sent.map((sent) => `${sent.method} ${sent.url.pathname}`);
beforeEach(() => {
  backend.token = "token";
  backend.handler = ({ url }) => {
    if (url.pathname.endsWith("/submit/")) return Response.json(fx.submitted, { status: 201 });
    if (url.pathname.endsWith("/export/"))
      return new Response("code;name\n", { headers: { "content-type": "text/csv" } });
    return Response.json({ count: 0, next: null, previous: null, results: [] });
  };
});

describe("a fourth kind registered in src/kinds", () => {
  it("is a kind for the routes: /dashboard/visitor/…, /registration/visitor, /terms/visitor, /check/visitor/…", () => {
    expect(visitor).toBe("visitor");
    expect(isKindId("visitor")).toBe(true);
    expect(kindOfParam("visitor")).toBe(kinds[visitor]);
    expect(prerenderedPages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/registration/visitor", "/terms/visitor", "/check/visitor/card/-"]),
    );
  });

  it("has its own group in the side menu, labelled by its namespace, with its demands, cards and printing", () => {
    for (const admin of [false, true]) {
      const group = visibleMenu(admin).find((g) => g.labelKey === "visitor:title");
      expect(group?.links.map((link) => [link.key, link.href])).toEqual([
        ["demands", "/dashboard/visitor/demand"],
        ["cards", "/dashboard/visitor/card"],
        ["print", "/dashboard/visitor/print"],
      ]);
    }
  });

  it("loads its translations: its namespace is one of the app's", () => {
    expect(NAMESPACES).toContain("visitor");
    expect(namespacesFor("/dashboard/visitor/demand")).toContain("visitor");
  });

  it("has a pending tile on the dashboard leading to its demands, and an export of its cards", async () => {
    expect(tileDefs).toContainEqual(
      expect.objectContaining({
        key: "visitor_demands",
        labelKey: "dashboard:stats.pending.visitor",
        href: "/dashboard/visitor/demand",
      }),
    );
    expect(exportTargets).toEqual(["student", "staff", "teacher", "visitor", "all"]);
    const saved: string[] = [];
    vi.useFakeTimers({ now: new Date(2026, 0, 2), toFake: ["Date"] });
    try {
      const actor = createActor(
        // The agents' names for the validator column come from the agent list: none here.
        exportMachine.provide({
          actors: { toScreenWords: screenWordsConverterWith(async () => []) },
          actions: { saveFile: (_, params) => void saved.push(params.fileName) },
        }),
        {
          input: { target: visitor },
        },
      ).start();
      actor.send({ type: "EXPORT" });
      await waitFor(actor, (s) => s.matches("done"));
    } finally {
      vi.useRealTimers();
    }
    expect(requested()).toEqual(["GET /visitor/api/v1/card/visitor/export/"]);
    expect(saved).toEqual(["cards-visitor-2026-01-02.csv"]);
  });

  it("lists its demands and cards from its own paths", async () => {
    await listDemands(kindOfParam("visitor"));
    await listCards(kindOfParam("visitor"));
    expect(requested()).toEqual(["GET /visitor/api/v1/demand/visitor/", "GET /visitor/api/v1/card/visitor/"]);
  });

  it("has a registration wizard: its descriptor's steps, a draft kept across a reload, a submission to its path", async () => {
    // The machine's own submission (the API layer, to the kind's path); no browser storage in Node.
    const machine = wizardMachine.provide({ actions: { persist: () => {}, clear: () => {} } });
    const steps = kinds[visitor].form.steps.map((step) => step.id);
    const fresh = createActor(machine, { input: { kind: visitor } }).start();
    expect(fresh.getSnapshot().context.steps.map((step) => step.id)).toEqual(steps);

    // A draft at the review, as sessionStorage gives it back after a reload.
    const draft = restoreWizard(
      JSON.stringify(
        snapshotForStorage({
          kind: visitor,
          values: { ...fx.staffSubmission },
          step: steps.length,
          reached: steps.length,
          acceptances: Object.fromEntries(kinds[visitor].form.review.acceptances.map((a) => [a.id, true])),
          photo: null,
        }),
      ),
    );
    expect(draft?.kind).toBe("visitor");
    vi.useFakeTimers({ now: new Date(2026, 0, 2), toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const actor = createActor(machine, { input: { kind: visitor, restored: draft } }).start();
    // Found on this device, the draft is offered first; resumed, it is back at its review.
    expect(actor.getSnapshot().value).toBe("offering");
    actor.send({ type: "RESUME" });
    expect(actor.getSnapshot().value).toBe("reviewing");
    actor.send({ type: "SUBMIT" });
    const done = await waitFor(actor, (s) => !s.matches("submitting") && !s.matches("reviewing"));
    expect(done.value).toBe("approved");
    expect(requested()).toEqual(["POST /visitor/api/v1/demand/visitor/submit/"]);
  });

  it("is reached through the dev server's API proxy and the demo server (every path of its descriptor)", () => {
    const paths = kinds[visitor].paths;
    const id = "0f0e";
    for (const path of [
      paths.submit,
      paths.demands,
      paths.demand(id),
      paths.validate(id),
      paths.validateSimple(id),
      paths.cards,
      paths.card(id),
      paths.cardPdf(id),
      paths.notifyPrint(id),
      paths.exportCards,
      paths.checkCard,
    ]) {
      expect(isBackendPath(path), path).toBe(true);
    }
    expect(isBackendPath("/dashboard/visitor/demand")).toBe(false);
  });
});
