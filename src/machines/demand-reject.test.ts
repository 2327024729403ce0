import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type Rejected } from "../api";
import { student } from "../kinds";
import { demandRejectMachine } from "./demand-reject";

const answer: Rejected = {
  id: "d1",
  rejection: { status: "correction", reason: "photo", comment: "Fond uni", at: "2026-11-26T10:00:00+01:00" },
};

const build = (
  reject: (input: unknown) => Promise<Rejected> = async () => answer,
  next: (input: unknown) => Promise<{ id: string | null; left: number | null }> = async () => ({ id: "d2", left: 4 }),
) => {
  const call = vi.fn(reject);
  const findNext = vi.fn(next);
  const actor = createActor(
    demandRejectMachine.provide({
      actors: {
        reject: fromPromise(({ input }) => call(input)),
        findNextPending: fromPromise(({ input }) => findNext(input)),
      },
    }),
    { input: { kind: student, id: "d1", listSearch: "Mbarga" } },
  );
  const emitted: unknown[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, call, findNext, emitted };
};

describe("demand reject machine (extension reject)", () => {
  it("sends the status, the reason and the comment, then closes and says so", async () => {
    const { actor, call, emitted } = build();
    actor.send({ type: "OPEN", status: "correction" });
    actor.send({ type: "SET_REASON", reason: "photo" });
    actor.send({ type: "SET_COMMENT", comment: "Fond uni" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(call).toHaveBeenCalledWith({
      kind: student,
      id: "d1",
      status: "correction",
      reason: "photo",
      comment: "Fond uni",
    });
    expect(emitted).toEqual([{ type: "rejected", result: answer }]);
  });

  it("a correction sends the fields named (extension correction); a refusal names none", async () => {
    const { actor, call } = build();
    actor.send({ type: "OPEN", status: "correction" });
    actor.send({ type: "SET_REASON", reason: "other" });
    actor.send({ type: "SET_COMMENT", comment: "Nom trop long" });
    actor.send({ type: "SET_FIELD", field: "contact_person_name", named: true });
    actor.send({ type: "SET_FIELD", field: "lastname", named: true });
    actor.send({ type: "SET_FIELD", field: "lastname", named: false });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(call).toHaveBeenLastCalledWith(expect.objectContaining({ fields: ["contact_person_name"] }));

    actor.send({ type: "OPEN", status: "correction" });
    expect(actor.getSnapshot().context.fields).toEqual([]);
    actor.send({ type: "SET_FIELD", field: "lastname", named: true });
    actor.send({ type: "SET_STATUS", status: "rejected" });
    actor.send({ type: "SET_REASON", reason: "photo" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(call.mock.lastCall?.[0]).not.toHaveProperty("fields");
  });

  it("and next: once sent, the list's next demand waiting for a decision is looked up in the list's search", async () => {
    const { actor, findNext, emitted } = build();
    actor.send({ type: "OPEN", status: "rejected" });
    actor.send({ type: "SET_REASON", reason: "duplicate" });
    actor.send({ type: "SUBMIT", thenNext: true });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(findNext).toHaveBeenCalledWith({ kind: student, search: "Mbarga", id: "d1", skipRejected: true });
    expect(emitted).toEqual([
      { type: "rejected", result: answer },
      { type: "nextPending", id: "d2", left: 4 },
    ]);
  });

  it("and next, the lookup failing: the decision stands and the way on is the list", async () => {
    const { actor, emitted } = build(undefined, () => Promise.reject(new Error("offline")));
    actor.send({ type: "OPEN", status: "correction" });
    actor.send({ type: "SET_REASON", reason: "photo" });
    actor.send({ type: "SUBMIT", thenNext: true });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(emitted).toEqual([
      { type: "rejected", result: answer },
      { type: "nextPending", id: null, left: null },
    ]);
  });

  it("needs a reason, and words when the reason is 'other'; problems then follow the changes", () => {
    const { actor, call } = build();
    actor.send({ type: "OPEN", status: "rejected" });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ reason: "demand:reject.reasonRequired" });
    actor.send({ type: "SET_REASON", reason: "other" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ comment: "demand:reject.commentRequired" });
    actor.send({ type: "SET_COMMENT", comment: "x".repeat(501) });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ comment: "demand:reject.commentTooLong" });
    actor.send({ type: "SET_COMMENT", comment: "Dossier incomplet" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it("a refusal keeps the dialog open with its message and what was chosen; closing forgets it", async () => {
    const { actor, emitted } = build(async () => {
      throw new ApiError("server", "rejectDemand", "/x", 500, null, "reject");
    });
    actor.send({ type: "OPEN", status: "rejected" });
    actor.send({ type: "SET_REASON", reason: "payment" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("choosing") && s.context.errorKey !== null);
    expect(actor.getSnapshot().context).toMatchObject({ reason: "payment", errorKey: "errors:server" });
    expect(emitted).toEqual([]);
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN", status: "rejected" });
    expect(actor.getSnapshot().context).toMatchObject({ reason: null, comment: "", errorKey: null });
  });

  it("a declared extension the server lacks says so", async () => {
    const { actor } = build(async () => {
      throw new ApiError("extensionMissing", "rejectDemand", "/x", 404, null, "reject");
    });
    actor.send({ type: "OPEN", status: "rejected" });
    actor.send({ type: "SET_REASON", reason: "photo" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.context.errorKey !== null);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:extensionMissing.reject");
  });
});
