// @own-modules
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { profile, studentDemand, token } from "../../tests/fixtures/entities";
import { student } from "../kinds";
import { attachToasts } from "../ui/toast";
import { demandValidationMachine } from "./demand-validation";
import type { AnyDemand } from "./demand-validation-context";
import { sessionMachine } from "./session";
import { wizardMachine } from "./wizard";

/**
 * A browser that refuses to store (storage full or disabled): each statechart reports what will not survive a
 * reload as an emitted `storageLost`, and shows nothing itself (the screen that runs it turns that into a notice).
 * With modules of its own: in a worker shared with other files, the toasts they asked for before any region was
 * attached would be replayed into this file's sink as it attaches.
 */
const shown: string[] = [];
beforeEach(() => {
  shown.length = 0;
  attachToasts({ show: (type, message) => void shown.push(`${type}: ${message}`), dismiss: () => {} });
  vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });
});
afterEach(() => void vi.restoreAllMocks());

describe("a statechart whose storage is refused", () => {
  it("the wizard reports its draft lost, and toasts nothing", () => {
    const actor = createActor(wizardMachine, { input: { kind: "student" } }).start();
    const lost: string[] = [];
    actor.on("storageLost", ({ what }) => void lost.push(what));
    actor.send({ type: "CHANGE", field: "lastname", value: "Ngono" });
    expect(lost).toEqual(["draft"]);
    expect(shown).toEqual([]);
    actor.stop();
  });

  it("the demand validation reports its edits lost, and toasts nothing", async () => {
    const machine = demandValidationMachine.provide({
      actors: { loadDemand: fromPromise(async (): Promise<AnyDemand> => studentDemand) },
    });
    const actor = createActor(machine, { input: { kind: student, id: studentDemand.id, user: "agent" } }).start();
    const lost: string[] = [];
    actor.on("storageLost", ({ what }) => void lost.push(what));
    await waitFor(actor, (s) => s.context.demand !== null);
    actor.send({ type: "EDIT", field: "lastname", value: "Mballa Edited" });
    expect(lost).toEqual(["edits"]);
    expect(shown).toEqual([]);
    actor.stop();
  });

  it("the session reports itself lost, and toasts nothing", async () => {
    const machine = sessionMachine.provide({
      actors: {
        login: fromPromise(async () => ({ access: token.access })),
        loadProfile: fromPromise(async () => profile),
      },
    });
    const actor = createActor(machine, { input: { stored: null } }).start();
    const lost: string[] = [];
    actor.on("storageLost", ({ what }) => void lost.push(what));
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(lost).toEqual(["session"]);
    expect(shown).toEqual([]);
    actor.stop();
  });
});
