import { useEffect, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { KindId } from "../../api/kind-ids";
import type { ReferenceData } from "../../api/schemas";
import { useStorageNotice } from "../../app/storage-notice";
import { useProvidedMachine } from "../../machines/implementations";
import { wizardMachine } from "../../machines/wizard";
import { readWizard } from "../../machines/wizard-storage";

export type WizardActor = ActorRefFrom<typeof wizardMachine>;
type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

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

/**
 * Whether two snapshots draw the same page. The lists the machine keeps for its checks are drawn from
 * useReferenceData, not from the snapshot: their arrival (REFERENCE_DATA, which changes nothing else unless it drops
 * a choice the lists no longer hold) does not draw the whole page a second time.
 */
const sameDrawn = (a: WizardSnapshot, b: WizardSnapshot): boolean => {
  if (a === b) return true;
  if (a.status !== b.status || JSON.stringify(a.value) !== JSON.stringify(b.value)) return false;
  const keys = Object.keys(a.context) as (keyof WizardSnapshot["context"])[];
  return (
    keys.length === Object.keys(b.context).length &&
    keys.every((key) => key === "referenceData" || a.context[key] === b.context[key])
  );
};

/** The snapshot the wizard's page draws (the last one that draws differently). */
export const useDrawnWizard = (actor: WizardActor): WizardSnapshot => useSelector(actor, (s) => s, sameDrawn);
