import { createContext, useCallback, useContext, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { createActor, type ActorRefFrom } from "xstate";
import { referenceDataMachine, selectLoaded, selectReferenceData } from "../machines/reference-data";

export type ReferenceDataActor = ActorRefFrom<typeof referenceDataMachine>;

let shared: ReferenceDataActor | null = null;

/**
 * The 13 institution lists (spec §4), loaded in parallel when the first screen that needs them starts (the
 * wizards, the check pages, the back office) and cached 24 h. The landing page never pays for them.
 */
export const referenceDataActor = (): ReferenceDataActor => (shared ??= createActor(referenceDataMachine, { input: {} }).start());

/** Tests inject an actor; the app uses the shared one. */
const ReferenceDataContext = createContext<ReferenceDataActor | null>(null);

export const ReferenceDataProvider = ({ actor, children }: { actor: ReferenceDataActor; children: ReactNode }) => (
  <ReferenceDataContext.Provider value={actor}>{children}</ReferenceDataContext.Provider>
);

export const useReferenceDataActor = (): ReferenceDataActor => useContext(ReferenceDataContext) ?? referenceDataActor();

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
