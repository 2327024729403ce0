import { useEffect, useMemo, useState } from "react";
import { useActorRef } from "@xstate/react";
import { fromPromise, type ActorRefFrom } from "xstate";
import type { KindId } from "../../api/kind-ids";
import type { ReferenceData } from "../../api/schemas";
import { submitRegistration, type SubmitInput, type SubmitOutput } from "../../forms/submission";
import { wizardMachine } from "../../machines/wizard";
import { noticeStorageFailure } from "../../app/storage-notice";
import { clearWizard, readWizard, writeWizard } from "./storage";

export type WizardActor = ActorRefFrom<typeof wizardMachine>;

export interface UseWizardOptions {
  /** The submit call; defaults to `submitRegistration` (tests pass a stub). */
  readonly submit?: (input: SubmitInput) => Promise<SubmitOutput>;
  /** Told when the browser refuses to store the draft (default: the app's notice, said once). */
  readonly onStorageFailure?: (what: "draft") => void;
}

/** The app's wizard machine: submission through the API, persistence in sessionStorage. */
export const createAppWizardMachine = (options: UseWizardOptions = {}) =>
  wizardMachine.provide({
    actors: { submit: fromPromise<SubmitOutput, SubmitInput>(({ input }) => (options.submit ?? submitRegistration)(input)) },
    actions: {
      persist: (_, snapshot) => {
        if (!writeWizard(snapshot.kind, snapshot)) (options.onStorageFailure ?? noticeStorageFailure)("draft");
      },
      clear: (_, { kind }) => clearWizard(kind),
    },
  });

/**
 * The wizard actor of one kind, restored from sessionStorage, fed with the reference data when it arrives.
 * Mount it under a `key={kind}` so a change of kind starts a new actor.
 */
export const useWizard = (kind: KindId, referenceData: ReferenceData | null, options: UseWizardOptions = {}): WizardActor => {
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- one machine per mounted wizard
  const machine = useMemo(() => createAppWizardMachine(options), []);
  const [restored] = useState(() => readWizard(kind));
  const actor = useActorRef(machine, { input: { kind, restored, referenceData } });
  useEffect(() => {
    if (referenceData) actor.send({ type: "REFERENCE_DATA", data: referenceData });
  }, [actor, referenceData]);
  return actor;
};
