import type { KindId } from "../../api/paths";
import { restoreWizard, wizardStorageKey, type StoredWizard } from "../../machines/wizard";

/**
 * sessionStorage of the registration wizard (one entry per kind): written after every change by the machine's
 * `persist` action, removed by its `clear` action. Storage may be missing, disabled or full: every access is
 * guarded, and the wizard keeps working (the data just won't survive a reload).
 */
const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** The stored snapshot of a kind's wizard, checked for shape; null when absent or unusable. */
export const readWizard = (kind: KindId): StoredWizard | null => {
  try {
    return restoreWizard(storage()?.getItem(wizardStorageKey(kind)) ?? null);
  } catch {
    return null;
  }
};

/** Stores a snapshot; answers false when the browser refused (quota exceeded, privacy mode). */
export const writeWizard = (kind: KindId, snapshot: StoredWizard): boolean => {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(wizardStorageKey(kind), JSON.stringify(snapshot));
    return true;
  } catch {
    // Most likely the photo pushed the entry over the quota: keep everything else rather than nothing.
    try {
      store.setItem(wizardStorageKey(kind), JSON.stringify({ ...snapshot, photo: null }));
    } catch {
      /* storage unusable */
    }
    return false;
  }
};

export const clearWizard = (kind: KindId): void => {
  try {
    storage()?.removeItem(wizardStorageKey(kind));
  } catch {
    /* storage unusable */
  }
};
