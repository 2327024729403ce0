import { Result, Schema } from "effect";
import { kindIds, type KindId } from "../api/kind-ids";
import { readTabItem, removeTabItem, writeTabDraft } from "../browser/tab-storage";
import type { WizardContext } from "./wizard-context";

/**
 * What the registration wizard keeps in the browser: one sessionStorage entry per kind, in the format below. The
 * machine (wizard.ts) writes it through its `persist` action after every change and removes it with `clear`; the
 * screen reads it back as the machine's input. Storage may be missing, disabled or full: the wizard keeps working
 * (the draft just won't survive a reload).
 */

/** sessionStorage key of a kind's wizard. */
export const wizardStorageKey = (kind: string): string => `campus-card.registration.${kind}`;

const StoredWizardSchema = Schema.Struct({
  version: Schema.Literal(1),
  kind: Schema.Literals(kindIds),
  values: Schema.Record(Schema.String, Schema.NullOr(Schema.Union([Schema.String, Schema.Finite]))),
  step: Schema.Int,
  reached: Schema.Int,
  acceptances: Schema.Record(Schema.String, Schema.Boolean),
  photo: Schema.NullOr(Schema.String),
});
export type StoredWizard = Schema.Schema.Type<typeof StoredWizardSchema>;

/** What survives a reload: values, position, acceptances and photo. Never the result or the error. */
export const snapshotForStorage = (
  context: Pick<WizardContext, "kind" | "values" | "step" | "reached" | "acceptances" | "photo">,
): StoredWizard => ({
  version: 1,
  kind: context.kind,
  values: { ...context.values },
  step: context.step,
  reached: context.reached,
  acceptances: { ...context.acceptances },
  photo: context.photo,
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
export const readWizard = (kind: KindId): StoredWizard | null => restoreWizard(readTabItem(wizardStorageKey(kind)));

/** Stores a snapshot; answers false when the browser refused (quota exceeded, privacy mode). */
export const writeWizard = (snapshot: StoredWizard): boolean =>
  writeTabDraft(wizardStorageKey(snapshot.kind), snapshot);

export const clearWizard = (kind: KindId): void => removeTabItem(wizardStorageKey(kind));
