import type { Schema } from "effect";
import type { Validated } from "../api";
import type { ReferenceData } from "../api/schemas";
import type { AnyKind } from "../kinds";

/**
 * What the demand validation machine (demand-validation.ts) holds, beneath the chart and its helpers, and beneath
 * what keeps the agent's unsent edits in the browser (kept-edits.ts).
 */

export type AnyDemand = Schema.Schema.Type<AnyKind["schemas"]["demand"]>;
/** A value of an editable field as the screen holds it (numbers for reference ids and enums, strings otherwise). */
export type FieldValue = string | number | null;
/** Field name → i18n key of its first problem (e.g. "validation:registerMin"). */
export type FieldErrors = Readonly<Record<string, string>>;
/**
 * What the rules see: the demand's editable fields with edits applied, and `photo` as a data URL (the new one,
 * else the stored photo_str, else null): the same shape as the registration wizard's values, so the registration
 * rules apply as they are.
 */
export type ValidationValues = Readonly<Record<string, FieldValue>>;

/** The agent's unsent work on a demand: edited fields and a new photo. */
export interface KeptEdits {
  readonly edits: Readonly<Record<string, FieldValue>>;
  readonly photo: string | null;
}

export interface DemandValidationContext {
  readonly kind: AnyKind;
  readonly id: string;
  readonly listSearch: string;
  /** Extension `reject`: "validate and next" passes over demands waiting for the applicant (DemandValidationInput). */
  readonly skipRejected: boolean;
  /** The agent asked to open the next pending demand once this one is validated. */
  readonly thenNext: boolean;
  /** A pending demand opens as a read-only review; the form on request or once something is edited. */
  readonly view: "review" | "form";
  readonly user: string;
  readonly referenceData: ReferenceData | null;
  readonly kept: KeptEdits | null;
  readonly demand: AnyDemand | null;
  /** Editable fields as loaded. */
  readonly original: Readonly<Record<string, FieldValue>>;
  /** Fields whose value differs from `original` (editing a field back to its original value removes it). */
  readonly edits: Readonly<Record<string, FieldValue>>;
  /** A new photo chosen by the agent (students), as a data URL like the registration's photo dialog gives. */
  readonly photo: string | null;
  /** The demand's stored photo_str as a data URL (students). */
  readonly storedPhoto: string | null;
  readonly fieldErrors: FieldErrors;
  /** Once VALIDATE was refused, errors follow every edit; before that the form stays quiet. */
  readonly showErrors: boolean;
  /** Field problems the server gave with a 400 (texts as sent, not i18n keys). */
  readonly serverFieldErrors: Readonly<Record<string, string>>;
  readonly error: unknown;
  /** i18n key (namespace errors) of the load or validation failure. */
  readonly errorKey: string | null;
  /** What the validation answered, when it was shaped as `{ id, validated, card }` (any 2xx is a success). */
  readonly result: Validated | null;
  /** The created card's id (answer field `card`), for a link to the card screen. */
  readonly cardId: string | null;
}

/** What a demand validation machine starts from. */
export interface DemandValidationInput {
  readonly kind: AnyKind;
  readonly id: string;
  /** The signed-in agent: their unsent edits are kept for them only. */
  readonly user: string;
  /** The reference lists when already loaded (the cascades' rules); later with the REFERENCE_DATA event. */
  readonly referenceData?: ReferenceData | null;
  /** Unsent edits of this demand kept across a sign-in (`keepEdits`), put back once it is loaded, still pending. */
  readonly kept?: KeptEdits | null;
  /** The search of the list the agent came from: "validate and next" opens that list's next pending demand. */
  readonly listSearch?: string;
  /**
   * Extension `reject` declared (docs/extensions.md): a demand rejected or sent back for a correction waits for the
   * applicant, so "validate and next" and its "N left" pass over it. Without it the list is the spec's.
   */
  readonly skipRejected?: boolean;
}
