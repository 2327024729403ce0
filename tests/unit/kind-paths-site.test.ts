// @own-modules
// @vitest-environment node
/**
 * Issue #44 "paths a site can set": a live config.json whose kindPaths mounts the teacher endpoints beside the staff
 * ones makes the teacher registration wizard submit there and the teacher demand list read there, through the
 * app's own machines and API layer, set up as the boot sets them (src/app/api-setup.ts).
 */
import { createActor, waitFor } from "xstate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as fx from "../fixtures/entities";

const { setUpApi } = await import("../../src/app/api-setup");
const { parseRuntimeConfig } = await import("../../src/app/config");
const { configureApi } = await import("../../src/api");
const { useStubBackend } = await import("../../src/api/test-support");
const { kinds } = await import("../../src/kinds");
const { wizardMachine } = await import("../../src/machines/wizard");
const { restoreWizard, snapshotForStorage } = await import("../../src/machines/wizard-storage");
const { demandListMachine } = await import("../../src/machines/lists");

const backend = useStubBackend();
/** The requests the client made, as "METHOD url". */
const requested = () => backend.sent.map((sent) => `${sent.method} ${sent.href}`);
beforeEach(() => {
  backend.handler = ({ url }) => {
    if (url.pathname.endsWith("/submit/")) return Response.json(fx.submitted, { status: 201 });
    if (url.pathname.endsWith("/demand/teacher/"))
      return Response.json({ count: 1, next: null, previous: null, results: [fx.teacherDemand] });
    return Response.json({ detail: "Not found." }, { status: 404 });
  };
  configureApi({ baseUrl: "", getToken: () => "token", onUnauthorized: () => {}, timeoutMs: 5_000 });
  setUpApi(
    parseRuntimeConfig({
      mode: "live",
      apiBaseUrl: "https://cards.university.cm/backend/",
      kindPaths: { teacher: { root: "/staff/api/v1/", segment: "teacher/", check: "checkcard/teacher" } },
    }),
  );
});
afterEach(() => setUpApi({ mode: "live" }));

describe("teacher endpoints where config.json's kindPaths puts them", () => {
  it("the teacher registration wizard submits to the configured path", async () => {
    const machine = wizardMachine.provide({ actions: { persist: () => {}, clear: () => {} } });
    const steps = kinds.teacher.form.steps.map((step) => step.id);
    // The form's values: the teacher sample's submitted fields (texts and numbers), not what the server adds.
    const { id: _id, code: _code, insert_at: _at, validated: _validated, ...fields } = fx.teacherDemand;
    const values = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string | number] =>
        ["string", "number"].includes(typeof entry[1]),
      ),
    );
    const draft = restoreWizard(
      JSON.stringify(
        snapshotForStorage({
          kind: "teacher",
          values,
          step: steps.length,
          reached: steps.length,
          acceptances: Object.fromEntries(kinds.teacher.form.review.acceptances.map((a) => [a.id, true])),
          photo: null,
        }),
      ),
    );
    const actor = createActor(machine, { input: { kind: "teacher", restored: draft } }).start();
    actor.send({ type: "RESUME" });
    actor.send({ type: "SUBMIT" });
    const done = await waitFor(actor, (s) => !s.matches("submitting") && !s.matches("reviewing"));
    expect(done.value).toBe("approved");
    expect(requested()).toEqual(["POST https://cards.university.cm/backend/staff/api/v1/demand/teacher/submit/"]);
  });

  it("the teacher demand list reads the configured path", async () => {
    const actor = createActor(demandListMachine(kinds.teacher), {
      input: { query: { filter: { status: "all", dates: null } } },
    }).start();
    const done = await waitFor(actor, (s) => s.matches("ready") || s.matches("empty") || s.matches("failed"));
    expect(done.context.data?.results.map((demand) => demand.code)).toEqual([fx.teacherDemand.code]);
    expect(requested()).toEqual(["GET https://cards.university.cm/backend/staff/api/v1/demand/teacher/"]);
  });
});
