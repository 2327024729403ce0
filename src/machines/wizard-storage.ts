import { Result, Schema } from "effect";
import { kindIds, type KindId } from "../api/kind-ids";
import { deviceStorage, readTabItem, removeTabItem, writeTabDraft } from "../browser/tab-storage";
import type { FormValues } from "../forms/rules";

/**
 * What the registration wizard keeps in the browser: one localStorage entry per kind, in the format below, so a
 * half-filled request survives the tab being closed (its page then offers it back without showing it: the device
 * may be shared). The machine (wizard.ts) writes it through its `persist` action after every change and removes it
 * with `clear` (sent, or started anew); the screen reads it back as the machine's input. Storage may be missing,
 * disabled or full: the wizard keeps working (the draft just won't survive a reload; a photo too large for the
 * storage is left out of it).
 */

/** localStorage key of a kind's wizard. */
export const wizardStorageKey = (kind: string): string => `campus-card.registration.${kind}`;

const StoredWizardSchema = Schema.Struct({
  version: Schema.Literal(1),
  kind: Schema.Literals(kindIds),
  values: Schema.Record(Schema.String, Schema.NullOr(Schema.Union([Schema.String, Schema.Finite]))),
  step: Schema.Int,
  reached: Schema.Int,
  acceptances: Schema.Record(Schema.String, Schema.Boolean),
  photo: Schema.NullOr(Schema.String),
  /** When the request was started (ms since 1970), to name it when offered back; absent in older drafts. */
  startedAt: Schema.optional(Schema.Finite),
});
export type StoredWizard = Schema.Schema.Type<typeof StoredWizardSchema>;

/** What survives a reload: values, position, acceptances, photo and start date. Never the result or the error. */
export const snapshotForStorage = (context: {
  readonly kind: KindId;
  readonly values: FormValues;
  readonly step: number;
  readonly reached: number;
  readonly acceptances: Readonly<Record<string, boolean>>;
  readonly photo: string | null;
  readonly startedAt?: number | null;
}): StoredWizard => ({
  version: 1,
  kind: context.kind,
  values: { ...context.values },
  step: context.step,
  reached: context.reached,
  acceptances: { ...context.acceptances },
  photo: context.photo,
  ...(context.startedAt == null ? {} : { startedAt: context.startedAt }),
});

/** A stored snapshot (JSON text or parsed value) checked for shape, or null when absent or unusable. */
export const restoreWizard = (raw: unknown): StoredWizard | null => {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (value === null || value === undefined) return null;
  const decoded = Schema.decodeUnknownResult(StoredWizardSchema)(value);
  return Result.isSuccess(decoded) ? decoded.success : null;
};

/** The stored snapshot of a kind's wizard, checked for shape; null when absent or unusable. */
export const readWizard = (kind: KindId): StoredWizard | null =>
  restoreWizard(readTabItem(wizardStorageKey(kind), deviceStorage));

/** Stores a snapshot; answers false when the browser refused (quota exceeded, privacy mode). */
export const writeWizard = (snapshot: StoredWizard): boolean =>
  writeTabDraft(wizardStorageKey(snapshot.kind), snapshot, deviceStorage);

export const clearWizard = (kind: KindId): void => removeTabItem(wizardStorageKey(kind), deviceStorage);
