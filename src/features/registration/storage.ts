import type { KindId } from "../../api/kind-ids";
import { readTabItem } from "../../app/tab-storage";
import { restoreWizard, wizardStorageKey, type StoredWizard } from "../../machines/wizard";

/**
 * The registration wizard's draft as sessionStorage holds it (one entry per kind, written and removed by the
 * machine's `persist` and `clear` actions). Storage may be missing, disabled or full: the wizard keeps working.
 */

/** The stored snapshot of a kind's wizard, checked for shape; null when absent or unusable. */
export const readWizard = (kind: KindId): StoredWizard | null => restoreWizard(readTabItem(wizardStorageKey(kind)));
