/**
 * Composed print sheets kept in the browser (IndexedDB: a sheet PDF of 400 cards is megabytes, past what
 * localStorage holds) until the agent confirms them printed or throws them away, so a reload or a closed tab
 * loses no work. One record per agent and kind; signing out deletes the agent's records (office PCs are shared).
 * Every failure (no IndexedDB, private mode, quota) reads as "nothing stored": the sheets then last as long as
 * the page, as before.
 */

const DB_NAME = "campus-card";
const STORE = "print-sheets";

const open = (): Promise<IDBDatabase | null> =>
  new Promise((resolve) => {
    try {
      if (typeof indexedDB === "undefined") return resolve(null);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });

/** Runs one request in a transaction; answers its result, or undefined when anything refused. */
const run = async <T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> => {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        db.close();
        resolve(request ? request.result : undefined);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        resolve(undefined);
      };
    } catch {
      db.close();
      resolve(undefined);
    }
  });
};

const agentPrefix = (username: string) => `${encodeURIComponent(username)}/`;
export const sheetKey = (username: string, kind: string): string => `${agentPrefix(username)}${kind}`;

/** The stored value under `key`, undecoded (the print-batch machine decodes it); null when none. */
export const readStoredSheets = async (key: string): Promise<unknown> =>
  (await run("readonly", (s) => s.get(key))) ?? null;

export const writeStoredSheets = async (key: string, value: unknown): Promise<void> => {
  await run("readwrite", (s) => void s.put(value, key));
};

export const deleteStoredSheets = async (key: string): Promise<void> => {
  await run("readwrite", (s) => void s.delete(key));
};

/** Deletes every agent's stored sheets of `username` (signing out). */
export const forgetStoredSheets = async (username: string): Promise<void> => {
  const prefix = agentPrefix(username);
  await run("readwrite", (s) => void s.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
};
