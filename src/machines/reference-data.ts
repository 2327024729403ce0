import { Result, Schema } from "effect";
import { assign, fromPromise, setup, type DoneActorEvent } from "xstate";
import { getReferenceList } from "../api/endpoints/reference";
import { referenceLists, referenceNames, type ReferenceData, type ReferenceName } from "../api/schemas";

/**
 * Reference data (docs/spec.md §3, §4, §9): the 13 institution lists, loaded in parallel at start-up, cached in
 * localStorage under `institution_<name>` with the time of loading under `institution_timestamp`.
 *
 *   start ─ cache younger than 24 h ─▶ ready              (no request at all)
 *         ─ older / no timestamp ────▶ refreshing ─▶ ready (stale lists served meanwhile; loaded is true)
 *         ─ nothing cached ──────────▶ loading ────▶ ready | failed ─RETRY▶ loading
 *   ready ─ 24 h after loading ──────▶ refreshing;  REFRESH ▶ refreshing;  a failed refresh keeps the stale
 *           lists, sets `error` and waits for RETRY.
 *
 * The lists come from the invoked actor `fetchAll` (`getReferenceList` for each name) and are stored by the
 * `saveCache` action (localStorage); the cache is read as the actor starts, unless its input gives one.
 */

export const REFERENCE_TTL_MS = 24 * 60 * 60 * 1000;
export const REFERENCE_KEY_PREFIX = "institution_";
export const REFERENCE_TIMESTAMP_KEY = "institution_timestamp";
export const referenceKey = (name: ReferenceName): string => `${REFERENCE_KEY_PREFIX}${name}`;

/** The part of the Web Storage API the cache uses (localStorage, or a fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface ReferenceCache {
  readonly data: ReferenceData;
  /** When the lists were loaded (ms since epoch); null when the timestamp is missing or unreadable. */
  readonly fetchedAt: number | null;
}

/** The 13 lists by name, as the cache and the loader put them together. */
const ReferenceLists = Schema.Struct(referenceLists);

/** The cached lists, or null unless all 13 are present and well-formed. Never throws. */
export const readReferenceCache = (storage: StorageLike | null): ReferenceCache | null => {
  if (!storage) return null;
  try {
    const stored: Record<string, unknown> = {};
    for (const name of referenceNames) {
      const raw = storage.getItem(referenceKey(name));
      if (raw === null) return null;
      stored[name] = JSON.parse(raw);
    }
    const data = Schema.decodeUnknownResult(ReferenceLists)(stored);
    if (Result.isFailure(data)) return null;
    const stamp = Number(storage.getItem(REFERENCE_TIMESTAMP_KEY));
    return { data: data.success, fetchedAt: Number.isFinite(stamp) && stamp > 0 ? stamp : null };
  } catch {
    return null;
  }
};

/** Stores the lists and their timestamp. A full or refused storage only costs the cache. */
export const writeReferenceCache = (storage: StorageLike | null, data: ReferenceData, at: number): void => {
  if (!storage) return;
  try {
    for (const name of referenceNames) storage.setItem(referenceKey(name), JSON.stringify(data[name]));
    storage.setItem(REFERENCE_TIMESTAMP_KEY, String(at));
  } catch {
    /* quota exceeded or storage disabled: the lists stay in memory */
  }
};

/** Whether lists loaded at `fetchedAt` may still be served at `now` (a timestamp in the future is not trusted). */
export const isFresh = (fetchedAt: number | null, now: number, ttlMs = REFERENCE_TTL_MS): boolean =>
  fetchedAt !== null && now >= fetchedAt && now - fetchedAt < ttlMs;

/**
 * Loads the lists in parallel; rejects with the first failure. The lists are put together by the schema of the
 * whole, which types them by name (each list was decoded already: this only checks that all are there).
 */
export const fetchAllReferenceLists = async (
  names: readonly ReferenceName[] = referenceNames,
  fetchList: (name: ReferenceName) => Promise<unknown> = getReferenceList,
): Promise<ReferenceData> => {
  const lists = await Promise.all(names.map((name) => fetchList(name)));
  return Schema.decodeUnknownSync(ReferenceLists)(Object.fromEntries(names.map((name, i) => [name, lists[i]])));
};

const browserStorage = (): StorageLike | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

export interface ReferenceDataInput {
  /** The lists as cached; read from localStorage when absent, null for none. */
  readonly cache?: ReferenceCache | null;
  readonly ttlMs?: number;
}

export interface ReferenceDataContext {
  readonly ttlMs: number;
  data: ReferenceData | null;
  fetchedAt: number | null;
  /** True as soon as all lists are in (cached or loaded): the selects can be shown. */
  loaded: boolean;
  /** The lists served are older than the time-to-live (a refresh is running or failed). */
  stale: boolean;
  /** Last loading failure (an ApiError, or anything the actor threw); null once lists arrive. */
  error: unknown;
}

export type ReferenceDataEvent = { type: "RETRY" } | { type: "REFRESH" };

const initialContext = (input: ReferenceDataInput | undefined): ReferenceDataContext => {
  // Read at once, not by an actor: cached lists must be there for the first render.
  const cache = input?.cache === undefined ? readReferenceCache(browserStorage()) : input.cache;
  const ttlMs = input?.ttlMs ?? REFERENCE_TTL_MS;
  return {
    ttlMs,
    data: cache?.data ?? null,
    fetchedAt: cache?.fetchedAt ?? null,
    loaded: cache !== null,
    stale: cache !== null && !isFresh(cache.fetchedAt, Date.now(), ttlMs),
    error: null,
  };
};

/** The lists an invoked fetch answered. */
const fetched = ({ event }: { event: DoneActorEvent<ReferenceData> }) => ({ data: event.output });

/** Loading and refreshing fetch alike; only what a failure leaves differs. */
const fetchLists = {
  src: "fetchAll",
  input: () => ({ names: referenceNames }),
  onDone: {
    target: "ready",
    actions: [
      { type: "received", params: fetched },
      { type: "saveCache", params: fetched },
    ],
  },
} as const;

export const referenceDataMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as ReferenceDataContext,
    events: {} as ReferenceDataEvent,
    input: {} as ReferenceDataInput | undefined,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    fetchAll: fromPromise<ReferenceData, { names: readonly ReferenceName[] }>(({ input }) =>
      fetchAllReferenceLists(input.names),
    ),
  },
  actions: {
    received: assign((_, params: { data: ReferenceData }) => ({
      data: params.data,
      fetchedAt: Date.now(),
      loaded: true,
      stale: false,
      error: null,
    })),
    /** Cached with the time they were fetched: the same clock reading as `received` (one event, one tick). */
    saveCache: (_, params: { data: ReferenceData }) => writeReferenceCache(browserStorage(), params.data, Date.now()),
  },
  guards: {
    fresh: ({ context }) => context.data !== null && isFresh(context.fetchedAt, Date.now(), context.ttlMs),
    hasData: ({ context }) => context.data !== null,
    notStale: ({ context }) => !context.stale,
  },
  delays: {
    /** Time left before the served lists pass their time-to-live. */
    untilStale: ({ context }) => Math.max(0, (context.fetchedAt ?? 0) + context.ttlMs - Date.now()),
  },
}).createMachine({
  id: "referenceData",
  context: ({ input }) => initialContext(input),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "fresh", target: "ready" }, { guard: "hasData", target: "refreshing" }, { target: "loading" }],
    },
    loading: {
      invoke: {
        ...fetchLists,
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    refreshing: {
      entry: assign({ stale: true }),
      invoke: {
        ...fetchLists,
        // The stale lists stay in use; RETRY tries again.
        onError: { target: "ready", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      after: { untilStale: { guard: "notStale", target: "refreshing" } },
      on: {
        REFRESH: { target: "refreshing" },
        RETRY: {
          guard: ({ context }) => context.error !== null,
          target: "refreshing",
          actions: assign({ error: null }),
        },
      },
    },
    failed: {
      on: { RETRY: { target: "loading", actions: assign({ error: null }) } },
    },
  },
});

/** Selectors for screens: `useSelector(actor, selectReferenceData)`. */
export const selectReferenceData = (snapshot: { context: ReferenceDataContext }): ReferenceData | null =>
  snapshot.context.data;
export const selectLoaded = (snapshot: { context: ReferenceDataContext }): boolean => snapshot.context.loaded;
