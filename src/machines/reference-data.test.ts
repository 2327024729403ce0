import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import { referenceNames, type ReferenceData, type ReferenceName } from "../api/schemas";
import { referenceData } from "../../tests/fixtures/entities";
import {
  fetchAllReferenceLists,
  readReferenceCache,
  REFERENCE_TIMESTAMP_KEY,
  REFERENCE_TTL_MS,
  referenceDataMachine,
  referenceKey,
  writeReferenceCache,
  type StorageLike,
} from "./reference-data";

class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const T0 = Date.UTC(2026, 4, 15, 8, 0, 0);
const HOUR = 60 * 60 * 1000;

/** The machine on a fake storage (its cache read at start, written by saveCache), at `now`. */
const build = (
  options: { storage?: FakeStorage; now?: number; fetch?: () => Promise<ReferenceData>; ttlMs?: number } = {},
) => {
  const storage = options.storage ?? new FakeStorage();
  vi.setSystemTime(options.now ?? T0);
  const fetchAll = vi.fn(options.fetch ?? (async () => referenceData));
  const machine = referenceDataMachine.provide({
    actors: { fetchAll: fromPromise(() => fetchAll()) },
    actions: { saveCache: (_, { data }) => writeReferenceCache(storage, data, Date.now()) },
  });
  const actor = createActor(machine, { input: { cache: readReferenceCache(storage), ttlMs: options.ttlMs } }).start();
  return { actor, storage, fetchAll };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("reference data", () => {
  it("loads the 13 lists on a first start, then caches them with a timestamp", async () => {
    const { actor, storage, fetchAll } = build();
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.loaded).toBe(false);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetchAll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ loaded: true, stale: false, error: null, data: referenceData });
    expect(referenceNames).toHaveLength(13);
    for (const name of referenceNames)
      expect(JSON.parse(storage.getItem(`institution_${name}`) ?? "null")).toEqual(referenceData[name]);
    expect(storage.getItem("institution_timestamp")).toBe(String(T0));
  });

  it("serves a cache younger than 24 hours without any request", async () => {
    const storage = new FakeStorage();
    await waitFor(build({ storage }).actor, (s) => s.matches("ready"));
    const { actor, fetchAll } = build({ storage, now: T0 + 23 * HOUR });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.loaded).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(referenceData);
    expect(fetchAll).not.toHaveBeenCalled();
  });

  it("serves a cache older than 24 hours at once while refreshing it", async () => {
    const storage = new FakeStorage();
    writeReferenceCache(storage, { ...referenceData, grade: [] }, T0);
    const later = T0 + REFERENCE_TTL_MS;
    const { actor, fetchAll } = build({ storage, now: later });
    expect(actor.getSnapshot().value).toBe("refreshing");
    expect(actor.getSnapshot().context).toMatchObject({ loaded: true, stale: true });
    expect(actor.getSnapshot().context.data?.grade).toEqual([]);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetchAll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ stale: false, data: referenceData });
    expect(storage.getItem(REFERENCE_TIMESTAMP_KEY)).toBe(String(later));
  });

  it("treats cached lists without a timestamp, or with one in the future, as stale", () => {
    const storage = new FakeStorage();
    writeReferenceCache(storage, referenceData, T0 + HOUR);
    expect(build({ storage }).actor.getSnapshot().value).toBe("refreshing");
    storage.items.delete(REFERENCE_TIMESTAMP_KEY);
    expect(readReferenceCache(storage)?.fetchedAt).toBeNull();
    expect(build({ storage }).actor.getSnapshot().value).toBe("refreshing");
  });

  it("ignores an incomplete or corrupted cache", () => {
    const storage = new FakeStorage();
    writeReferenceCache(storage, referenceData, T0);
    storage.items.set(referenceKey("mapcycle"), "{oops");
    expect(readReferenceCache(storage)).toBeNull();
    storage.items.set(referenceKey("mapcycle"), JSON.stringify([{ id: "x" }]));
    expect(readReferenceCache(storage)).toBeNull();
    storage.items.delete(referenceKey("mapcycle"));
    expect(readReferenceCache(storage)).toBeNull();
    expect(build({ storage }).actor.getSnapshot().value).toBe("loading");
  });

  it("reports a failed first load and loads again on RETRY", async () => {
    let calls = 0;
    const { actor, fetchAll, storage } = build({
      fetch: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError("network", "getReference", "/institution/api/v1/school/", null, "offline");
        return referenceData;
      },
    });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.loaded).toBe(false);
    expect((actor.getSnapshot().context.error as ApiError).kind).toBe("network");
    expect(storage.items.size).toBe(0);
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetchAll).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({ loaded: true, error: null });
  });

  it("keeps serving stale lists when a refresh fails, and refreshes on RETRY", async () => {
    const storage = new FakeStorage();
    writeReferenceCache(storage, referenceData, T0);
    let calls = 0;
    const { actor, fetchAll } = build({
      storage,
      now: T0 + 25 * HOUR,
      fetch: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError("server", "getReference", "/x", 500, null);
        return referenceData;
      },
    });
    await waitFor(actor, (s) => s.matches("ready") && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ loaded: true, stale: true, data: referenceData });
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("ready") && s.context.error === null && !s.context.stale);
    expect(fetchAll).toHaveBeenCalledTimes(2);
  });

  it("refreshes by itself once the lists in use pass their time-to-live", async () => {
    vi.useFakeTimers();
    const { actor, fetchAll } = build({ ttlMs: 1000 });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
    expect(fetchAll).toHaveBeenCalledTimes(1);
    // The clock moves with the timers.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchAll).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("ready"));
  });

  it("loads the lists in parallel by name", async () => {
    const started: ReferenceName[] = [];
    const pending: Array<() => void> = [];
    const loading = fetchAllReferenceLists(referenceNames, (name) => {
      started.push(name);
      return new Promise((resolve) => pending.push(() => resolve(referenceData[name])));
    });
    expect(started).toEqual(referenceNames);
    for (const release of pending) release();
    expect(await loading).toEqual(referenceData);
  });

  it("survives a storage that refuses writes", () => {
    const full: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(() => writeReferenceCache(full, referenceData, T0)).not.toThrow();
  });
});
