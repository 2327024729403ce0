/** What a refused storage write costs the user: each is said once per page load (app/storage-notice.ts). */
export type StorageLoss = "session" | "draft" | "edits" | "demo";

/**
 * Emitted by a statechart whose browser refused to store (storage full or disabled): it goes on in memory, and
 * whatever runs it (a screen, the app's start) tells the user what will not survive a reload.
 */
export interface StorageLost {
  readonly type: "storageLost";
  readonly what: StorageLoss;
}
