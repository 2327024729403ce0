// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type Validated } from "../api";
import { staff, student } from "../kinds";
import { photoBase64, staffDemand, studentDemand, validated } from "../../tests/fixtures/entities";
import { demandValidationMachine, nextPendingFrom, type NextPending, type PendingPage } from "./demand-validation";
import type { AnyDemand } from "./demand-validation-context";
import { currentPhoto } from "./demand-validation-photo";
import { dirtyFields } from "./demand-validation-values";
import { jpegDataUrl, ready, serverDown } from "./demand-validation-testing";

describe("demand validation machine: validate and next, the form, failures", () => {
  it("validate and next: once validated, looks up the next pending demand of the list's search", async () => {
    const { actor, next, nextIds } = await ready({ listSearch: "ngono", next: async () => "other-id" });
    actor.send({ type: "VALIDATE", thenNext: true });
    await waitFor(actor, (s) => s.matches("validated") && nextIds.length > 0);
    expect(next).toHaveBeenCalledWith({ search: "ngono", id: studentDemand.id });
    expect(nextIds).toEqual(["other-id"]);
  });

  it("validate and next with nothing left, or next lookup failing: told there is none (no error)", async () => {
    for (const lookup of [async () => null, async () => Promise.reject(serverDown)]) {
      const { actor, nextIds } = await ready({ next: lookup });
      actor.send({ type: "VALIDATE", thenNext: true });
      await waitFor(actor, () => nextIds.length > 0);
      expect(nextIds).toEqual([null]);
      expect(actor.getSnapshot().matches("validated")).toBe(true);
    }
  });

  it("validate and next tells how many of the list's demands are left pending (its count), for the N left counter", async () => {
    const { actor, nextIds, lefts } = await ready({ next: async () => ({ id: "other-id", left: 7 }) });
    actor.send({ type: "VALIDATE", thenNext: true });
    await waitFor(actor, () => nextIds.length > 0);
    expect(lefts).toEqual([7]);
    // The lookup failing: the count is unknown, not zero.
    const failing = await ready({ next: () => Promise.reject(serverDown) });
    failing.actor.send({ type: "VALIDATE", thenNext: true });
    await waitFor(failing.actor, () => failing.nextIds.length > 0);
    expect(failing.lefts).toEqual([null]);
  });

  describe("validate and next with the reject extension: demands waiting for the applicant are not in the queue", () => {
    const pending = (n: number, rejection: string | null = null): AnyDemand => ({
      ...studentDemand,
      id: `pending-${n}`,
      validated: false,
      ...(rejection ? { rejection: { status: rejection, reason: "photo", comment: "", at: null } } : {}),
    });
    /** The server's pending list, two pages (DRF next links): rejected and sent back for a correction first. */
    const pages: Record<string, Awaited<ReturnType<PendingPage>>> = {
      first: { count: 5, results: [pending(1, "rejected"), pending(2, "correction")], next: "page-2" },
      "page-2": { count: 5, results: [pending(3), pending(4, "correction"), pending(5)], next: null },
    };
    const run = async (skipRejected: boolean) => {
      const read: (string | null)[] = [];
      const pendingPage: PendingPage = async (_query, link) => {
        read.push(link);
        return pages[link ?? "first"]!;
      };
      const machine = demandValidationMachine.provide({
        actions: { keepEdits: () => {}, forgetEdits: () => {} },
        actors: {
          loadDemand: fromPromise(async (): Promise<AnyDemand> => studentDemand),
          validateSimple: fromPromise(async (): Promise<Validated | null> => validated),
          findNextPending: fromPromise(({ input }) => nextPendingFrom(pendingPage)(input)),
        },
      });
      const actor = createActor(machine, {
        input: { kind: student, id: studentDemand.id, user: "agent", skipRejected },
      });
      const found: NextPending[] = [];
      actor.on("nextPending", ({ id, left }) => void found.push({ id, left }));
      actor.start();
      await waitFor(actor, (s) => s.matches("ready"));
      actor.send({ type: "VALIDATE", thenNext: true });
      await waitFor(actor, () => found.length > 0);
      return { found, read };
    };

    it("opens the first demand neither rejected nor awaiting a correction, and counts only those", async () => {
      const { found, read } = await run(true);
      expect(found).toEqual([{ id: "pending-3", left: 2 }]);
      expect(read).toEqual([null, "page-2"]);
    });

    it("without the capability nothing changes: the list's first pending demand and its count", async () => {
      const { found, read } = await run(false);
      expect(found).toEqual([{ id: "pending-1", left: 5 }]);
      expect(read).toEqual([null]);
    });
  });

  it("Cancel in the form (CLOSE_FORM): back to the review, the unsent edits and errors dropped and forgotten", async () => {
    const { actor, kept } = await ready();
    actor.send({ type: "EDIT", field: "register", value: "" });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    actor.send({ type: "CLOSE_FORM" });
    const { context } = actor.getSnapshot();
    expect(context.view).toBe("review");
    expect(dirtyFields(context)).toEqual([]);
    expect(context.photo).toBeNull();
    expect(context.fieldErrors).toEqual({});
    expect(context.showErrors).toBe(false);
    expect(kept.at(-1)).toBe("forgotten");
    // Validating now is the simple validation of the demand as received.
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().matches({ validating: "simple" })).toBe(true);
  });

  it("an answer naming no card: the card is found by the demand's registration number, to open it", async () => {
    const { actor, card } = await ready({ simple: async () => null, card: async () => "new-card" });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated") && s.context.cardId !== null);
    expect(actor.getSnapshot().context.cardId).toBe("new-card");
    expect(card).toHaveBeenCalledWith({ kind: student, cardId: null, register: studentDemand.register });
  });

  it("validate and next does not look for the new card: the next demand opens instead of its link", async () => {
    const { actor, card, nextIds } = await ready({ simple: async () => null, next: async () => "other-id" });
    actor.send({ type: "VALIDATE", thenNext: true });
    await waitFor(actor, () => nextIds.length > 0);
    expect(card).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.cardId).toBeNull();
  });

  it("a plain validation does not look for the next demand", async () => {
    const { actor, next } = await ready();
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(next).not.toHaveBeenCalled();
  });

  it("opens as a review: the form on request (OPEN_FORM) or with the first edit; kept edits open the form", async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().context.view).toBe("review");
    actor.send({ type: "OPEN_FORM" });
    expect(actor.getSnapshot().context.view).toBe("form");
    const second = await ready();
    second.actor.send({ type: "EDIT", field: "allergies", value: "Aucune" });
    expect(second.actor.getSnapshot().context.view).toBe("form");
    const third = await ready({ kept: { edits: { allergies: "Pollen" }, photo: null } });
    expect(third.actor.getSnapshot().context.view).toBe("form");
  });

  it("leaves a student's missing niveau empty so validateDemand's default (empty string) applies", async () => {
    const { niveau: _n, ...withoutNiveau } = studentDemand;
    // The student rules require a niveau; a stored demand without one is what validateDemand's default is for.
    const { actor, full } = await ready({ demand: withoutNiveau, lenient: true });
    actor.send({ type: "EDIT", field: "phone", value: "699000111" });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    const form = full.mock.calls[0]?.[0] ?? {};
    expect(form.phone).toBe("699000111");
    expect(form.niveau ?? null).toBeNull();
  });

  it("staff: an optional photo (none needed to validate); a new one goes with full validation", async () => {
    const { actor, full } = await ready({ kind: staff, demand: staffDemand });
    actor.send({ type: "EDIT", field: "service", value: 2 });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    const form = full.mock.calls[0]?.[0] ?? {};
    expect(form).toMatchObject({ service: 2, school: 1, nid: staffDemand.nid });
    expect(form).not.toHaveProperty("photo");

    const withPhoto = await ready({ kind: staff, demand: staffDemand });
    withPhoto.actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    expect(dirtyFields(withPhoto.actor.getSnapshot().context)).toEqual(["photo"]);
    withPhoto.actor.send({ type: "VALIDATE" });
    await waitFor(withPhoto.actor, (s) => s.matches("validated"));
    const sent = withPhoto.full.mock.calls[0]?.[0].photo as File;
    expect(sent).toBeInstanceOf(File);
    expect(sent.type).toBe("image/jpeg");
  });

  it("staff: a stored photo is shown and sent back with full validation", async () => {
    const { actor, full } = await ready({ kind: staff, demand: { ...staffDemand, photo_str: photoBase64 } });
    expect(currentPhoto(actor.getSnapshot().context)).toBe(photoBase64);
    actor.send({ type: "EDIT", field: "service", value: 2 });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect((full.mock.calls[0]?.[0].photo as File | undefined)?.type).toBe("image/png");
  });

  it("the kind's field rules block VALIDATE, then follow every edit", async () => {
    const { actor, full, simple } = await ready();
    actor.send({ type: "EDIT", field: "register", value: "21T" });
    // Quiet until the first VALIDATE.
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ register: "validation:registerMin" });
    actor.send({ type: "EDIT", field: "register", value: "21T23456" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ register: "validation:registerMax" });
    actor.send({ type: "EDIT", field: "register", value: "21T234" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full).toHaveBeenCalledTimes(1);
    expect(simple).not.toHaveBeenCalled();
  });

  it("a double VALIDATE sends once", async () => {
    const { actor, full } = await ready();
    actor.send({ type: "EDIT", field: "firstname", value: "Grâce" });
    actor.send({ type: "VALIDATE" });
    actor.send({ type: "VALIDATE" });
    actor.send({ type: "EDIT", field: "firstname", value: "Other" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full).toHaveBeenCalledTimes(1);
    expect(full.mock.calls[0]?.[0].firstname).toBe("Grâce");
  });

  it("a failure keeps the edits, shows the message and server field problems, and VALIDATE again works", async () => {
    let attempt = 0;
    const refused = new ApiError("badRequest", "validateDemand", "/v", 400, {
      register: ["Ensure this field has no more than 7 characters."],
    });
    const { actor, full, emitted } = await ready({
      full: async () => {
        attempt += 1;
        if (attempt === 1) throw refused;
        return validated;
      },
    });
    actor.send({ type: "EDIT", field: "register", value: "21T2346" });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("failed"));
    let { context } = actor.getSnapshot();
    expect(context.edits).toEqual({ register: "21T2346" });
    expect(context.errorKey).toBe("errors:validationError");
    expect(context.serverFieldErrors).toEqual({ register: "Ensure this field has no more than 7 characters." });
    expect(emitted).toContain("validationFailed");

    actor.send({ type: "EDIT", field: "register", value: "21T2347" });
    expect(actor.getSnapshot().value).toBe("failed");
    context = actor.getSnapshot().context;
    expect(context.serverFieldErrors).toEqual({});
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full).toHaveBeenCalledTimes(2);
    expect(full.mock.calls[1]?.[0].register).toBe("21T2347");
    expect(actor.getSnapshot().context.errorKey).toBeNull();
  });

  it("validated meanwhile by another agent: the refusal leads to the demand as it now is, said so, not a generic error", async () => {
    let reads = 0;
    const refused = new ApiError("badRequest", "validateDemand", "/x", 400, {
      detail: "This demand is already validated.",
    });
    const { actor, emitted } = await ready({
      load: async () => (reads++ === 0 ? studentDemand : { ...studentDemand, validated: true }),
      simple: async () => Promise.reject(refused),
    });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("alreadyValidated") || s.matches("failed"));
    expect(actor.getSnapshot().value).toBe("alreadyValidated");
    expect(actor.getSnapshot().context.demand?.validated).toBe(true);
    expect(reads).toBe(2);
    expect(emitted).toContain("validatedElsewhere");
  });

  it("names the agent who validated it meanwhile when the demand read back tells", async () => {
    let reads = 0;
    const refused = new ApiError("badRequest", "validateDemand", "/x", 400, {
      detail: "This demand is already validated.",
    });
    const by = { username: "fotsing.aime", first_name: "Aimé" };
    const { actor } = await ready({
      load: async () => (reads++ === 0 ? studentDemand : { ...studentDemand, validated: true, validator: by }),
      simple: async () => Promise.reject(refused),
    });
    const events: unknown[] = [];
    actor.on("validatedElsewhere", (event) => events.push(event));
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("alreadyValidated") || s.matches("failed"));
    expect(events).toEqual([{ type: "validatedElsewhere", by: "Aimé" }]);
  });

  it("a refusal for another reason stays a failure (the demand is still pending)", async () => {
    const refused = new ApiError("badRequest", "validateDemand", "/x", 400, { detail: "No." });
    const { actor } = await ready({ simple: async () => Promise.reject(refused) });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("alreadyValidated") || s.matches("failed"));
    expect(actor.getSnapshot().value).toBe("failed");
  });

  it("a failed simple validation retries simply", async () => {
    let attempt = 0;
    const { actor, simple } = await ready({
      simple: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError("network", "validateDemand", "/v", null, "offline");
        return { id: studentDemand.id, validated: true };
      },
    });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toBe("errors:network");
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(simple).toHaveBeenCalledTimes(2);
    // The answer has no card id: the screen has nothing to link to.
    expect(actor.getSnapshot().context.cardId).toBeNull();
  });
});

describe("unsent edits kept across a sign-in", () => {
  it("hands every change of the edits to keepEdits, and forgets them on Reset", async () => {
    const { actor, kept } = await ready();
    actor.send({ type: "EDIT", field: "allergies", value: "Pollen" });
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    expect(kept).toEqual([
      { edits: { allergies: "Pollen" }, photo: null },
      { edits: { allergies: "Pollen" }, photo: jpegDataUrl },
    ]);
    actor.send({ type: "RESET" });
    expect(kept.at(-1)).toBe("forgotten");
  });

  it("puts kept edits back once the demand is loaded, except values now equal to it and unknown fields", async () => {
    const { actor } = await ready({
      kept: {
        edits: { allergies: "Pollen", register: studentDemand.register, code: "HACKED", nope: 1 },
        photo: jpegDataUrl,
      },
    });
    const context = actor.getSnapshot().context;
    expect(context.edits).toEqual({ allergies: "Pollen" });
    expect(context.photo).toBe(jpegDataUrl);
    expect(dirtyFields(context)).toEqual(["allergies", "photo"]);
  });

  it("drops kept edits of a demand validated meanwhile, and forgets edits once sent", async () => {
    const done = await ready({
      demand: { ...studentDemand, validated: true },
      kept: { edits: { allergies: "Pollen" }, photo: null },
    });
    expect(done.actor.getSnapshot().context.edits).toEqual({});

    const { actor, kept } = await ready({ kept: { edits: { allergies: "Pollen" }, photo: null } });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(kept.at(-1)).toBe("forgotten");
  });

  it("keeps a staff demand's new photo too (optional for staff, kept like any edit)", async () => {
    const { actor } = await ready({
      kind: staff,
      demand: staffDemand,
      kept: { edits: { allergies: "Pollen" }, photo: jpegDataUrl },
    });
    expect(actor.getSnapshot().context.photo).toBe(jpegDataUrl);
  });
});
