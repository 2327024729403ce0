import { createContext, useCallback, useContext, useEffect, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { createActor, type ActorRefFrom } from "xstate";
import { referenceDataMachine, selectLoaded, selectReferenceData } from "../machines/reference-data";

export type ReferenceDataActor = ActorRefFrom<typeof referenceDataMachine>;

let shared: ReferenceDataActor | null = null;
let started = false;
const sharedActor = (): ReferenceDataActor => (shared ??= createActor(referenceDataMachine, { input: {} }));

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

/** The institution lists (null until loaded), whether they are in, and whether loading failed. */
export const useReferenceData = () => {
  const actor = useReferenceDataActor();
  const data = useSelector(actor, selectReferenceData);
  const loaded = useSelector(actor, selectLoaded);
  const failed = useSelector(actor, (s) => s.matches("failed"));
  return { data, loaded, failed, retry: () => actor.send({ type: "RETRY" }) };
};
