import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type Tracked } from "../api";
import { staff, student } from "../kinds";
import { trackRequestMachine } from "./track-request";

const rejected: Tracked = { code: "DMSTUD000090", state: "rejected", reason: "photo", comment: "Photo floue" };

const build = (track: (input: unknown) => Promise<Tracked> = async () => rejected, code?: string) => {
  const call = vi.fn(track);
  const actor = createActor(
    trackRequestMachine.provide({ actors: { track: fromPromise(({ input }) => call(input)) } }),
    { input: { kind: "student", ...(code === undefined ? {} : { code }) } },
  );
  actor.start();
  return { actor, call };
};

describe("track request machine (extension track)", () => {
  it("asks with the kind, the code and the registration number, and shows the answer", async () => {
    const { actor, call } = build(undefined, "DMSTUD000090");
    actor.send({ type: "CHANGE", field: "register", value: "22W1234" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("found"));
    expect(call).toHaveBeenCalledWith({ kind: student, code: "DMSTUD000090", register: "22W1234" });
    expect(actor.getSnapshot().context.result).toEqual(rejected);
    // Another kind or a changed field: the answer no longer stands.
    actor.send({ type: "SET_KIND", kind: "staff" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context.result).toBeNull();
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("found"));
    expect(call).toHaveBeenLastCalledWith({ kind: staff, code: "DMSTUD000090", register: "22W1234" });
  });

  it("needs both fields before asking", () => {
    const { actor, call } = build();
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: "registration:track.codeRequired",
      register: "registration:track.registerRequired",
    });
    actor.send({ type: "CHANGE", field: "code", value: "DMSTUD000090" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ register: "registration:track.registerRequired" });
    expect(call).not.toHaveBeenCalled();
  });

  it("a pair that matches nothing is one neutral message", async () => {
    const { actor } = build(async () => {
      throw new ApiError("notFound", "trackDemand", "/x", 404, { detail: "Not found." }, "track");
    });
    actor.send({ type: "CHANGE", field: "code", value: "DMSTUD000090" });
    actor.send({ type: "CHANGE", field: "register", value: "99X0000" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.context.errorKey !== null);
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:trackNotFound");
  });

  it("too many wrong pairs from this device say to wait, in the reader's language", async () => {
    const { actor } = build(async () => {
      throw new ApiError("throttled", "trackDemand", "/x", 429, { detail: "Request was throttled." }, "track");
    });
    actor.send({ type: "CHANGE", field: "code", value: "DMSTUD000090" });
    actor.send({ type: "CHANGE", field: "register", value: "99X0000" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.context.errorKey !== null);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:throttled");
  });
});
