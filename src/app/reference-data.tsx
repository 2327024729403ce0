import { createContext, useContext, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { createActor, type ActorRefFrom } from "xstate";
import { referenceDataMachine, selectLoaded, selectReferenceData } from "../machines/reference-data";

export type ReferenceDataActor = ActorRefFrom<typeof referenceDataMachine>;

/** Started once at boot (spec §4: the 13 lists load at start-up, cached 24 h). */
export const startReferenceData = (): ReferenceDataActor => createActor(referenceDataMachine, { input: {} }).start();

const ReferenceDataContext = createContext<ReferenceDataActor | null>(null);

export const ReferenceDataProvider = ({ actor, children }: { actor: ReferenceDataActor; children: ReactNode }) => (
  <ReferenceDataContext.Provider value={actor}>{children}</ReferenceDataContext.Provider>
);

export const useReferenceDataActor = (): ReferenceDataActor => {
  const actor = useContext(ReferenceDataContext);
  if (!actor) throw new Error("useReferenceDataActor outside ReferenceDataProvider");
  return actor;
};

/** The institution lists (null until loaded), whether they are in, and whether loading failed. */
export const useReferenceData = () => {
  const actor = useReferenceDataActor();
  const data = useSelector(actor, selectReferenceData);
  const loaded = useSelector(actor, selectLoaded);
  const failed = useSelector(actor, (s) => s.matches("failed"));
  return { data, loaded, failed, retry: () => actor.send({ type: "RETRY" }) };
};
