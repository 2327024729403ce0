import type { KindId } from "../../api/kind-ids";
import { readTabItem, removeTabItem, writeTabDraft } from "../../app/tab-storage";
import { restoreWizard, wizardStorageKey, type StoredWizard } from "../../machines/wizard";

/**
 * sessionStorage of the registration wizard (one entry per kind): written after every change by the machine's
 * `persist` action, removed by its `clear` action. Storage may be missing, disabled or full: the wizard keeps
 * working (the data just won't survive a reload).
 */

/** The stored snapshot of a kind's wizard, checked for shape; null when absent or unusable. */
export const readWizard = (kind: KindId): StoredWizard | null => restoreWizard(readTabItem(wizardStorageKey(kind)));

/** Stores a snapshot; answers false when the browser refused (quota exceeded, privacy mode). */
export const writeWizard = (kind: KindId, snapshot: StoredWizard): boolean => writeTabDraft(wizardStorageKey(kind), snapshot);

export const clearWizard = (kind: KindId): void => removeTabItem(wizardStorageKey(kind));
