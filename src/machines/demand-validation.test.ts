// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { ApiError } from "../api";
import { staff, student } from "../kinds";
import { photoBase64, staffDemand, studentDemand, validated } from "../../tests/fixtures/entities";
import { demandValidationMachine } from "./demand-validation";
import { storedProblems } from "./demand-validation-checks";
import type { AnyDemand } from "./demand-validation-context";
import { currentPhoto, photoDataUrl } from "./demand-validation-photo";
import { currentValues, dirtyFields } from "./demand-validation-values";
import { build, jpegDataUrl, notFound, ready, serverDown } from "./demand-validation-testing";

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
