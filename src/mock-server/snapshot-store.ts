import type { Snapshot } from "./snapshot";

/**
 * Where the demo database's snapshot is kept: the page's localStorage. The demo backend runs in a web worker,
 * which has no localStorage, so the worker is handed the stored text when it starts and sends each new snapshot
 * back to the page, which stores it here (demo-worker.ts). Small on purpose: the page loads it without the rest
 * of the demo backend.
 */
export const STORAGE_KEY = "campus-card.demo-db";

export interface SnapshotStore {
  read(): string | null;
  /** False when the browser refused some or all of it (the demo goes on in memory). */
  write(snapshot: Snapshot): boolean;
  clear(): void;
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

export const browserSnapshotStore: SnapshotStore = {
  read: () => storage()?.getItem(STORAGE_KEY) ?? null,
  write: (snapshot) => {
    const store = storage();
    if (!store) return false;
    try {
      store.setItem(STORAGE_KEY, JSON.stringify(snapshot));
      return true;
    } catch {
      // Over quota (large uploaded photos): keep everything but the uploads.
      try {
        store.setItem(STORAGE_KEY, JSON.stringify({ ...snapshot, photos: {} }));
      } catch {
        /* nothing more to do: the demo keeps working in memory */
      }
      return false;
    }
  },
  clear: () => storage()?.removeItem(STORAGE_KEY),
};
