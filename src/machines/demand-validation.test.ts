// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type DemandForm, type Validated } from "../api";
import { staff, student, type AnyKind } from "../kinds";
import { photoBase64, staffDemand, studentDemand, validated } from "../../tests/fixtures/entities";
import { demandValidationMachine, nextPendingFrom, type NextPending, type PendingPage } from "./demand-validation";
import { storedProblems } from "./demand-validation-checks";
import type { AnyDemand, KeptEdits } from "./demand-validation-context";
import { currentPhoto, photoDataUrl } from "./demand-validation-photo";
import { currentValues, dirtyFields } from "./demand-validation-values";

const jpegDataUrl = `data:image/jpeg;base64,${btoa("\xff\xd8\xff\xe0")}`;
const notFound = new ApiError("notFound", "getDemand", "/student/api/v1/demand/x/", 404, { detail: "Not found." });
const serverDown = new ApiError("server", "getDemand", "/student/api/v1/demand/x/", 500, null);

interface Options {
  kind?: AnyKind;
  demand?: AnyDemand;
  load?: () => Promise<AnyDemand>;
  full?: (form: DemandForm) => Promise<Validated | null>;
  simple?: () => Promise<Validated | null>;
  /** The next pending demand's id, or what the lookup finds with the count left. */
  next?: (input: { search: string; id: string }) => Promise<string | null | NextPending>;
  listSearch?: string;
  kept?: KeptEdits | null;
  /** Lets every VALIDATE through, whatever the kind's rules say (what is sent when they allow it). */
  lenient?: boolean;
}

const build = (options: Options = {}) => {
  const demand = options.demand ?? studentDemand;
  const load = vi.fn(options.load ?? (async () => demand));
  const full = vi.fn(options.full ?? (async () => validated));
  const simple = vi.fn(options.simple ?? (async () => validated));
  const next = vi.fn(options.next ?? (async () => null));
  const kept: (KeptEdits | "forgotten")[] = [];
  const machine = demandValidationMachine.provide({
    ...(options.lenient ? { guards: { fieldsInvalid: () => false } } : {}),
    actions: {
      keepEdits: (_, edits) => void kept.push(edits),
      forgetEdits: () => void kept.push("forgotten"),
    },
    actors: {
      loadDemand: fromPromise(() => load()),
      validateFull: fromPromise(({ input }) => full(input.form)),
      validateSimple: fromPromise(() => simple()),
      findNextPending: fromPromise(async ({ input }) => {
        const found = await next({ search: input.search, id: input.id });
        return typeof found === "string" || found === null ? { id: found, left: null } : found;
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      kind: options.kind ?? student,
      id: demand.id,
      user: "agent",
      ...(options.kept ? { kept: options.kept } : {}),
      ...(options.listSearch !== undefined ? { listSearch: options.listSearch } : {}),
    },
  });
  const emitted: string[] = [];
  const nextIds: (string | null)[] = [];
  const lefts: (number | null)[] = [];
  actor.on("*", (e) => emitted.push(e.type));
  actor.on("nextPending", (e) => {
    nextIds.push(e.id);
    lefts.push(e.left);
  });
  actor.start();
  return { actor, load, full, simple, next, emitted, kept, nextIds, lefts };
};

const ready = async (options: Options = {}) => {
  const built = build(options);
  await waitFor(built.actor, (s) => s.matches("ready"));
  return built;
};

describe("demand validation machine: loading", () => {
  it("loads the demand and exposes its editable fields, without the server-only ones", async () => {
    const { actor, load } = await ready();
    const { context } = actor.getSnapshot();
    expect(load).toHaveBeenCalledTimes(1);
    expect(context.demand).toEqual(studentDemand);
    expect(context.original).toMatchObject({ register: "21T2345", faculty: 1, niveau: 3 });
    for (const key of ["id", "code", "insert_at", "validated", "photo_str"])
      expect(context.original).not.toHaveProperty(key);
    expect(context.storedPhoto).toBe(photoBase64);
    expect(dirtyFields(context)).toEqual([]);
  });

  it("tells 'Demand not found' apart and retries", async () => {
    let answer: () => Promise<AnyDemand> = () => Promise.reject(notFound);
    const { actor, load } = build({ load: () => answer() });
    await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(actor.getSnapshot().matches({ loadFailed: "notFound" })).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:demandNotFound");
    answer = async () => studentDemand;
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.errorKey).toBeNull();
  });

  it("other load errors are loadFailed.error with their own message", async () => {
    const { actor } = build({ load: () => Promise.reject(serverDown) });
    await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(actor.getSnapshot().matches({ loadFailed: "error" })).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:server");
    const { actor: other } = build({ load: () => Promise.reject(new ApiError("http", "getDemand", "/x", 418, null)) });
    await waitFor(other, (s) => s.matches("loadFailed"));
    expect(other.getSnapshot().context.errorKey).toBe("errors:demandLoadError");
  });

  it("ignores VALIDATE and EDIT before the demand is there", () => {
    const { actor, full, simple } = build({ load: () => new Promise(() => {}) });
    actor.send({ type: "EDIT", field: "register", value: "X" });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.edits).toEqual({});
    expect(full).not.toHaveBeenCalled();
    expect(simple).not.toHaveBeenCalled();
  });
});

describe("demand validation machine: editing and validating", () => {
  it("without changes, validates simply (no body) and exposes the card id", async () => {
    const { actor, full, simple, emitted } = await ready();
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().matches({ validating: "simple" })).toBe(true);
    await waitFor(actor, (s) => s.matches("validated"));
    expect(simple).toHaveBeenCalledTimes(1);
    expect(full).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.cardId).toBe(validated.card);
    expect(emitted).toContain("validated");
  });

  it("never refuses a simple validation: stored data that breaks today's rules is sent as it is, its problems given as warnings", async () => {
    const { actor, full, simple } = await ready({ kind: staff, demand: { ...staffDemand, register: "AB" } });
    expect(storedProblems(actor.getSnapshot().context)).toEqual({ register: "validation:registerMin" });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(simple).toHaveBeenCalledTimes(1);
    expect(full).not.toHaveBeenCalled();
  });

  it("once a field is edited, the rules apply again (full validation sends corrected data only)", async () => {
    const { actor, full, simple } = await ready({ kind: staff, demand: { ...staffDemand, register: "AB" } });
    actor.send({ type: "EDIT", field: "firstname", value: "Jane" });
    expect(storedProblems(actor.getSnapshot().context)).toEqual({});
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ register: "validation:registerMin" });
    expect(simple).not.toHaveBeenCalled();
    expect(full).not.toHaveBeenCalled();
  });

  it("full validation sends the values normalised as the wizard does", async () => {
    const { actor, full } = await ready({ kind: staff, demand: staffDemand });
    actor.send({ type: "EDIT", field: "firstname", value: "  Jane  " });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full.mock.calls[0]?.[0]).toMatchObject({ firstname: "Jane" });
  });

  it("an answer that says nothing (204, {}: validateDemand gives null) is a success; the demand is read again", async () => {
    let reads = 0;
    const { actor } = await ready({
      load: async () => (reads++ === 0 ? studentDemand : { ...studentDemand, validated: true }),
      simple: async () => null,
    });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(reads).toBe(2);
    expect(actor.getSnapshot().context.demand?.validated).toBe(true);
    expect(actor.getSnapshot().context.cardId).toBeNull();
  });

  it("tracks edits against the original; editing back to the original clears the field", async () => {
    const { actor } = await ready();
    actor.send({ type: "EDIT", field: "firstname", value: "Épiphanie-Grâce" });
    actor.send({ type: "EDIT", field: "faculty", value: "2" });
    expect(dirtyFields(actor.getSnapshot().context).sort()).toEqual(["faculty", "firstname"]);
    actor.send({ type: "EDIT", field: "faculty", value: "1" }); // "1" from a select equals the stored 1
    expect(dirtyFields(actor.getSnapshot().context)).toEqual(["firstname"]);
    expect(currentValues(actor.getSnapshot().context).firstname).toBe("Épiphanie-Grâce");
    actor.send({ type: "RESET" });
    expect(dirtyFields(actor.getSnapshot().context)).toEqual([]);
  });

  it("ignores edits of server-only or unknown fields", async () => {
    const { actor } = await ready();
    actor.send({ type: "EDIT", field: "code", value: "HACKED" });
    actor.send({ type: "EDIT", field: "validated", value: "true" });
    actor.send({ type: "EDIT", field: "nope", value: "x" });
    expect(actor.getSnapshot().context.edits).toEqual({});
  });

  it("with changes, validates fully: every field, edits winning, and the stored photo as a file", async () => {
    const { actor, full, simple } = await ready();
    actor.send({ type: "EDIT", field: "lastname", value: "Ngono Ateba" });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().matches({ validating: "full" })).toBe(true);
    await waitFor(actor, (s) => s.matches("validated"));
    expect(simple).not.toHaveBeenCalled();
    const form = full.mock.calls[0]?.[0] ?? {};
    expect(form).toMatchObject({ register: "21T2345", lastname: "Ngono Ateba", niveau: 3, faculty: 1, scholl: 1 });
    expect(form).not.toHaveProperty("photo_str");
    expect(form).not.toHaveProperty("id");
    expect(form.photo).toBeInstanceOf(File);
    expect((form.photo as File).type).toBe("image/png");
  });

  it("sends a new photo (data URL, as the photo dialog gives) instead of the stored one; a new photo alone means full validation", async () => {
    const { actor, full } = await ready();
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    expect(dirtyFields(actor.getSnapshot().context)).toEqual(["photo"]);
    expect(currentPhoto(actor.getSnapshot().context)).toBe(jpegDataUrl);
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    const sent = full.mock.calls[0]?.[0].photo as File;
    expect(sent).toBeInstanceOf(File);
    expect(sent.type).toBe("image/jpeg");
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
  });

  it("dropping the new photo falls back to the stored one", async () => {
    const { actor } = await ready();
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    actor.send({ type: "SET_PHOTO", photo: null });
    expect(dirtyFields(actor.getSnapshot().context)).toEqual([]);
    expect(currentPhoto(actor.getSnapshot().context)).toBe(photoBase64);
  });

  it("refuses a photo that cannot be decoded", async () => {
    const { actor, full } = await ready();
    actor.send({ type: "SET_PHOTO", photo: "data:image/png;base64,%%%" });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ photo: "validation:photoInvalid" });
    expect(full).not.toHaveBeenCalled();
  });

  it("requires a photo on a student's full validation when none is stored", async () => {
    const { photo_str: _p, ...withoutPhoto } = studentDemand;
    const { actor, full } = await ready({ demand: { ...withoutPhoto, photo_str: null } });
    actor.send({ type: "EDIT", field: "allergies", value: "Aucune" });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ photo: "validation:photoRequired" });
    expect(full).not.toHaveBeenCalled();
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full).toHaveBeenCalledTimes(1);
  });

  it("asks before simply validating a student demand without a photo: the card would carry none", async () => {
    const { actor, simple, full } = await ready({ demand: { ...studentDemand, photo_str: null } });
    actor.send({ type: "VALIDATE" });
    expect(actor.getSnapshot().value).toBe("confirmingNoPhoto");
    expect(simple).not.toHaveBeenCalled();
    actor.send({ type: "VALIDATE" }); // a second click sends nothing either
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().value).toBe("ready");

    // Confirmed: validated as stored (the spec does not forbid it: a warning, not a refusal).
    actor.send({ type: "VALIDATE" });
    actor.send({ type: "CONFIRM_NO_PHOTO" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(simple).toHaveBeenCalledTimes(1);
    expect(full).not.toHaveBeenCalled();
  });

  it("from that question, a photo added instead goes with full validation", async () => {
    const { actor, simple, full } = await ready({ demand: { ...studentDemand, photo_str: null } });
    actor.send({ type: "VALIDATE" });
    actor.send({ type: "SET_PHOTO", photo: jpegDataUrl });
    expect(actor.getSnapshot().value).toBe("ready");
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated"));
    expect(full).toHaveBeenCalledTimes(1);
    expect(full.mock.calls[0]![0].photo).toBeInstanceOf(File);
    expect(simple).not.toHaveBeenCalled();
  });

  it("does not ask for staff demands (no photo in their form) nor for a student demand that has one", async () => {
    for (const options of [{ kind: staff, demand: staffDemand }, { demand: studentDemand }]) {
      const { actor, simple } = await ready(options);
      actor.send({ type: "VALIDATE" });
      await waitFor(actor, (s) => s.matches("validated"));
      expect(simple).toHaveBeenCalledTimes(1);
    }
  });

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

describe("photoDataUrl", () => {
  it("keeps a data URL, turns bare base64 into one, leaves garbage and nothing alone", () => {
    expect(photoDataUrl(photoBase64)).toBe(photoBase64);
    expect(photoDataUrl(photoBase64.split(",")[1])).toBe(photoBase64);
    expect(photoDataUrl("%%%")).toBe("%%%");
    expect(photoDataUrl(null)).toBeNull();
  });

  it("a demand whose photo_str is bare base64 exposes it as a data URL", async () => {
    const { actor } = await ready({ demand: { ...studentDemand, photo_str: photoBase64.split(",")[1] } });
    expect(actor.getSnapshot().context.storedPhoto).toBe(photoBase64);
  });
});

describe("demand validation machine with the real endpoint functions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends full validation as multipart with niveau always present and the photo as a file", async () => {
    const requests: Request[] = [];
    vi.stubGlobal("fetch", async (input: Request) => {
      requests.push(input.clone());
      const body = input.url.includes("/validation/")
        ? validated
        : (() => {
            const { niveau: _n, ...rest } = studentDemand;
            return rest;
          })();
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
    // Rules that let the demand without niveau through (what matters here is what the endpoint sends); no
    // browser storage for the kept edits in Node.
    const lenient = demandValidationMachine.provide({
      guards: { fieldsInvalid: () => false },
      actions: { keepEdits: () => {}, forgetEdits: () => {} },
    });
    const actor = createActor(lenient, { input: { kind: student, id: studentDemand.id, user: "agent" } }).start();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "EDIT", field: "firstname", value: "Grâce" });
    actor.send({ type: "VALIDATE" });
    await waitFor(actor, (s) => s.matches("validated") || s.matches("failed"));
    expect(actor.getSnapshot().matches("validated")).toBe(true);
    const post = requests[1];
    expect(post?.method).toBe("POST");
    expect(post?.url).toContain(`/student/api/v1/demand/${studentDemand.id}/validation/`);
    const form = await post!.formData();
    expect(form.get("niveau")).toBe("");
    expect(form.get("firstname")).toBe("Grâce");
    expect(form.get("faculty")).toBe("1");
    expect(form.get("photo")).toBeInstanceOf(Blob);
    expect(form.has("photo_str")).toBe(false);
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
