import { waitFor } from "xstate";
import type { RefFieldList } from "../../api/schemas";
import type { ReferenceDataActor } from "../../app/reference-data";
import { loadCheckLabels } from "../../machines/card-check";
import type { CheckLabels } from "../../machines/card-check-view";

/** How long the check page waits for the start-up lists before fetching its own few. */
export const REFERENCE_WAIT_MS = 10_000;

/**
 * Labels for the check page from the app's reference-data actor (started at boot, cached 24 h), so a page opened
 * by a QR scan does not fetch the same lists twice. When that actor fails or takes too long, only the needed lists
 * are fetched (getReferenceList).
 */
export const labelsFromReferenceData = async (
  actor: ReferenceDataActor,
  names: readonly RefFieldList[],
  timeout = REFERENCE_WAIT_MS,
): Promise<CheckLabels> => {
  const snapshot = await waitFor(actor, (s) => s.context.loaded || s.matches("failed"), { timeout }).catch(() => null);
  const data = snapshot?.context.data;
  if (data) return Object.fromEntries(names.map((name) => [name, data[name]]));
  return loadCheckLabels(names);
};
