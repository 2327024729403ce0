import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type ReferenceName } from "../api";
import { refLabel } from "../features/check/check-view";
import { referenceData, staffCheck, studentCheck, teacherCheck } from "../../tests/fixtures/entities";
import {
  cardCheckMachine,
  isPlausibleToken,
  loadCheckLabels,
  MAX_TOKEN_LENGTH,
  type CardCheckInput,
} from "./card-check";
import {
  neededLists,
  photoSource,
  toCheckView,
  type CardRefField,
  type CheckAnswer,
  type CheckLabels,
} from "./card-check-view";
import { writeReferenceCache, type StorageLike } from "./reference-data";

const { getReferenceList } = vi.hoisted(() => ({ getReferenceList: vi.fn() }));
vi.mock("../api", async (original) => ({ ...(await original<typeof import("../api")>()), getReferenceList }));

const labels: CheckLabels = {
  faculty: referenceData.faculty,
  cycle: referenceData.cycle,
  filiere: referenceData.filiere,
  niveau: referenceData.niveau,
};

const build = (
  input: Partial<CardCheckInput> = {},
  stubs: { check?: () => Promise<CheckAnswer>; labels?: () => Promise<CheckLabels> } = {},
) => {
  const check = vi.fn((_input: unknown) => (stubs.check ?? (async () => ({ ...studentCheck })))());
  const loadLabels = vi.fn((_input: unknown) => (stubs.labels ?? (async () => labels))());
  const machine = cardCheckMachine.provide({
    actors: {
      check: fromPromise(({ input: i }) => check(i)),
      loadLabels: fromPromise(({ input: i }) => loadLabels(i)),
    },
  });
  const actor = createActor(machine, { input: { kind: "student", token: "tok-1", ...input } }).start();
  return { actor, check, loadLabels };
};

const apiError = (kind: ApiError["kind"], status: number | null) =>
  new ApiError(kind, "checkCard", "/student/api/v1/checkcard/", status, null);

describe("card-check machine", () => {
  it("start → loading → found.valid for a valid card, with the public view, the time and the labels", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const { actor, check, loadLabels } = build();
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches({ found: "valid" }) && Object.keys(s.context.labels).length > 0);
    const { context } = actor.getSnapshot();
    expect(check).toHaveBeenCalledWith({ kind: "student", token: "tok-1" });
    expect(loadLabels).toHaveBeenCalledWith({ names: ["faculty", "cycle", "filiere", "niveau"] });
    expect(context.view?.valid).toBe(true);
    expect(context.view?.code).toBe(studentCheck.code);
    expect(context.checkedAt).toBe(1_700_000_000_000);
    expect(context.labels.faculty).toEqual(referenceData.faculty);
  });

  it("loading → found.invalid for an invalid card", async () => {
    const { actor } = build({ kind: "teacher" }, { check: async () => ({ ...teacherCheck }) });
    await waitFor(actor, (s) => s.matches({ found: "invalid" }));
    expect(actor.getSnapshot().context.view?.valid).toBe(false);
    expect(actor.getSnapshot().context.view?.kind).toBe("teacher");
  });

  it("sends the token trimmed, exactly once decoded as given", async () => {
    const { actor, check } = build({ token: "  gAAAAABnE/x+Pq9vZ2Vub3ViYQ==  " });
    await waitFor(actor, (s) => s.matches("found"));
    expect(check).toHaveBeenCalledWith({ kind: "student", token: "gAAAAABnE/x+Pq9vZ2Vub3ViYQ==" });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["absurdly long", "a".repeat(MAX_TOKEN_LENGTH + 1)],
    ["with inner spaces", "abc def"],
    ["with control characters", "abc\u0000def"],
  ])("start → notFound without calling the server for a token %s", (_, token) => {
    const { actor, check } = build({ token });
    expect(actor.getSnapshot().value).toBe("notFound");
    expect(check).not.toHaveBeenCalled();
  });

  it.each([
    ["404", apiError("notFound", 404)],
    ["400", apiError("badRequest", 400)],
  ])("loading → notFound when the server answers %s", async (_, error) => {
    const { actor } = build({}, { check: () => Promise.reject(error) });
    await waitFor(actor, (s) => s.matches("notFound"));
    expect(actor.getSnapshot().context.view).toBeNull();
  });

  it("loading → failed on a network error, with its message key; RETRY → loading → found.valid", async () => {
    let calls = 0;
    const { actor, check } = build(
      {},
      {
        check: async () => {
          calls += 1;
          if (calls === 1) throw apiError("network", null);
          return { ...studentCheck };
        },
      },
    );
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toBe("errors:network");
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.errorKey).toBeNull();
    await waitFor(actor, (s) => s.matches({ found: "valid" }));
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("loading → failed on a server error or an unexpected throw", async () => {
    const server = build({}, { check: () => Promise.reject(apiError("server", 500)) });
    await waitFor(server.actor, (s) => s.matches("failed"));
    expect(server.actor.getSnapshot().context.errorKey).toBe("errors:server");
    const bug = build({}, { check: () => Promise.reject(new TypeError("boom")) });
    await waitFor(bug.actor, (s) => s.matches("failed"));
    expect(bug.actor.getSnapshot().context.errorKey).toBe("errors:generic");
  });

  it("ignores RETRY outside failed", async () => {
    const { actor, check } = build();
    await waitFor(actor, (s) => s.matches({ found: "valid" }));
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().matches({ found: "valid" })).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("keeps the verdict when the labels cannot be loaded", async () => {
    const { actor, loadLabels } = build({}, { labels: () => Promise.reject(apiError("network", null)) });
    await waitFor(actor, (s) => s.matches({ found: "valid" }));
    await vi.waitFor(() => expect(loadLabels).toHaveBeenCalled());
    await Promise.resolve();
    expect(actor.getSnapshot().matches({ found: "valid" })).toBe(true);
    expect(actor.getSnapshot().context.labels).toEqual({});
  });
});

describe("public projection", () => {
  it("never carries the holder's e-mail, phone, national ID or birth data", () => {
    for (const [kind, answer] of [
      ["student", studentCheck],
      ["staff", staffCheck],
      ["teacher", teacherCheck],
    ] as const) {
      const view = toCheckView(kind, answer);
      const serialized = JSON.stringify(view);
      expect(serialized).not.toContain(answer.email);
      expect(serialized).not.toContain(`"${answer.phone}"`);
      expect(serialized).not.toContain(answer.birth_at);
      if ("nid" in answer) expect(serialized).not.toContain(answer.nid);
      expect(view.emergency.contactPhone).toBe(answer.contact_person_phone);
      expect(view.emergency.bloodGroup).toBe(answer.blood_group);
    }
  });

  it("lists the kind's reference fields in order, null when missing", () => {
    expect(toCheckView("student", { ...studentCheck, niveau: null }).refs).toEqual([
      { field: "faculty", list: "faculty", id: 1 },
      { field: "cycle", list: "cycle", id: 1 },
      { field: "filiere", list: "filiere", id: 1 },
      { field: "niveau", list: "niveau", id: null },
    ]);
    expect(neededLists("staff")).toEqual(["fonction", "service"]);
    expect(neededLists("teacher")).toEqual(["faculty", "department", "fonction", "grade"]);
  });

  it("resolves labels by language and falls back to null (the id is shown)", () => {
    const ref: CardRefField = { field: "faculty", list: "faculty", id: 1 };
    expect(refLabel(labels, ref, "fr")).toBe("Faculté des Sciences");
    expect(refLabel(labels, ref, "en")).toBe("Faculty of Science");
    expect(refLabel(labels, { ...ref, id: 99 }, "fr")).toBeNull();
    expect(refLabel({}, ref, "fr")).toBeNull();
    expect(refLabel(labels, { ...ref, id: null }, "fr")).toBeNull();
  });

  it("turns photo_str into a safe data:image URL", () => {
    expect(photoSource("iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(photoSource("/9j/4AAQSkZJRg==")).toBe("data:image/jpeg;base64,/9j/4AAQSkZJRg==");
    expect(photoSource("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(photoSource("javascript:alert(1)")).toBeNull();
    expect(photoSource("data:text/html;base64,PGgxPg==")).toBeNull();
    expect(photoSource("")).toBeNull();
    expect(photoSource(null)).toBeNull();
    expect(photoSource(undefined)).toBeNull();
  });

  it("judges tokens", () => {
    expect(isPlausibleToken("Zq3_x-9")).toBe(true);
    expect(isPlausibleToken("gAAAAABnE/x+Pq9vZ2Vub3ViYQ==")).toBe(true);
    expect(isPlausibleToken("")).toBe(false);
    expect(isPlausibleToken("x".repeat(MAX_TOKEN_LENGTH))).toBe(true);
    expect(isPlausibleToken("x".repeat(MAX_TOKEN_LENGTH + 1))).toBe(false);
  });
});

describe("loadCheckLabels", () => {
  const memory = (): StorageLike => {
    const map = new Map<string, string>();
    return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
  };

  it("uses the start-up cache without a request", async () => {
    const storage = memory();
    writeReferenceCache(storage, referenceData, 1);
    const result = await loadCheckLabels(["fonction", "service"], storage);
    expect(result).toEqual({ fonction: referenceData.fonction, service: referenceData.service });
    expect(getReferenceList).not.toHaveBeenCalled();
  });

  it("fetches each needed list otherwise; a failing list only loses its labels", async () => {
    getReferenceList.mockImplementation(async (name: ReferenceName) => {
      if (name === "grade") throw new ApiError("network", "getReference", "/x", null, null);
      return referenceData[name];
    });
    const result = await loadCheckLabels(["faculty", "grade"], memory());
    expect(getReferenceList).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ faculty: referenceData.faculty });
  });
});
