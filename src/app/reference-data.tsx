import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  fetchAllReferenceLists,
  referenceDataMachine,
  selectLoaded,
  selectReferenceData,
} from "../machines/reference-data";
import { getReferenceList } from "../api/endpoints/reference";
import type { ReferenceData, ReferenceName } from "../api/schemas";
import { nextTask } from "../browser/next-task";

export type ReferenceDataActor = ActorRefFrom<typeof referenceDataMachine>;

let shared: ReferenceDataActor | null = null;
let started = false;
/**
 * Each list's request sent in a task of its own: setting up 13 requests (the API layer, fetch) in the task that
 * starts the actor made a long one (~15 ms CPU here, ~60 ms on a phone).
 */
const appReferenceDataMachine = referenceDataMachine.provide({
  actors: {
    fetchAll: fromPromise<ReferenceData, { names: readonly ReferenceName[] }>(({ input }) =>
      fetchAllReferenceLists(input.names, async (name) => {
        await nextTask();
        return getReferenceList(name);
      }),
    ),
  },
});

const sharedActor = (): ReferenceDataActor => (shared ??= createActor(appReferenceDataMachine, { input: {} }));

/**
 * The 13 institution lists (docs/spec.md §4), loaded in parallel when the first screen that needs them starts (the
 * wizards, the check pages, the back office) and cached 24 h. The landing page never pays for them.
 */
export const referenceDataActor = (): ReferenceDataActor => {
  const actor = sharedActor();
  if (!started) {
    started = true;
    actor.start();
  }
  return actor;
};

/** Tests inject an actor; the app uses the shared one. */
const ReferenceDataContext = createContext<ReferenceDataActor | null>(null);

export const ReferenceDataProvider = ({ actor, children }: { actor: ReferenceDataActor; children: ReactNode }) => (
  <ReferenceDataContext.Provider value={actor}>{children}</ReferenceDataContext.Provider>
);

export const useReferenceDataActor = (): ReferenceDataActor => {
  const injected = useContext(ReferenceDataContext);
  // Started once the screen is committed: setting up 13 requests is not work for React's render.
  useEffect(() => {
    if (!injected) referenceDataActor();
  }, [injected]);
  return injected ?? sharedActor();
};

/**
 * The actor, started only when called: the check page asks for its labels once the verdict is in, so the 13
 * lists do not compete with the check request on a phone's connection.
 */
export const useLazyReferenceDataActor = (): (() => ReferenceDataActor) => {
  const injected = useContext(ReferenceDataContext);
  return useCallback(() => injected ?? referenceDataActor(), [injected]);
};

interface ListsState {
  readonly data: ReferenceData | null;
  readonly loaded: boolean;
  readonly failed: boolean;
}

const listsState = (snapshot: SnapshotFrom<ReferenceDataActor>): ListsState => ({
  data: selectReferenceData(snapshot),
  loaded: selectLoaded(snapshot),
  failed: snapshot.matches("failed"),
});

const sameLists = (a: ListsState, b: ListsState) => a.data === b.data && a.loaded === b.loaded && a.failed === b.failed;

/**
 * The institution lists (null until loaded), whether they are in, and whether loading failed. Their arrival
 * re-renders the whole screen (every select gets its options), so it is a transition, which React renders in
 * slices, rather than a store update (useSelector), which it renders in one long task (~150 ms on a phone).
 */
export const useReferenceData = () => {
  const actor = useReferenceDataActor();
  const [held, setHeld] = useState(() => ({ actor, lists: listsState(actor.getSnapshot()) }));
  // Another actor (tests): its own lists from the first render on.
  const lists = held.actor === actor ? held.lists : listsState(actor.getSnapshot());
  useEffect(() => {
    const update = () => {
      const next = listsState(actor.getSnapshot());
      startTransition(() =>
        setHeld((current) =>
          current.actor === actor && sameLists(current.lists, next) ? current : { actor, lists: next },
        ),
      );
    };
    // What changed between the render and this effect.
    update();
    const subscription = actor.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actor]);
  // The same object while nothing changed, so a screen that hands it on can skip re-rendering.
  return useMemo(() => ({ ...lists, retry: () => actor.send({ type: "RETRY" }) }), [lists, actor]);
};
