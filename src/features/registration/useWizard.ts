import { useEffect, useState } from "react";
import { useActorRef } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { KindId } from "../../api/kind-ids";
import type { ReferenceData } from "../../api/schemas";
import { useStorageNotice } from "../../app/storage-notice";
import { useProvidedMachine } from "../../machines/implementations";
import { wizardMachine } from "../../machines/wizard";
import { readWizard } from "../../machines/wizard-storage";

export type WizardActor = ActorRefFrom<typeof wizardMachine>;

/**
 * The wizard actor of one kind, restored from the device's localStorage, fed with the reference data when it arrives.
 * Mount it under a `key={kind}` so a change of kind starts a new actor.
 */
export const useWizard = (kind: KindId, referenceData: ReferenceData | null): WizardActor => {
  const [restored] = useState(() => readWizard(kind));
  const actor = useActorRef(useProvidedMachine(wizardMachine), { input: { kind, restored, referenceData } });
  useEffect(() => {
    if (referenceData) actor.send({ type: "REFERENCE_DATA", data: referenceData });
  }, [actor, referenceData]);
  useStorageNotice(actor);
  return actor;
};
