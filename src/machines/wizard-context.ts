import type { KindId } from "../api/kind-ids";
import type { ReferenceData } from "../api/schemas";
import type { FieldErrors, FormValues } from "../forms/rules";
import type { SubmitOutput } from "../forms/submission";
import type { StoredWizard } from "./wizard-storage";

/**
 * What the registration wizard (wizard.ts) holds: beneath both the statechart and what it keeps in the browser
 * (wizard-storage.ts), which stores part of it.
 */

/** What the machine needs of a step. Kind steps (src/forms/fields.ts StepSpec) fit. */
export interface WizardStep {
  readonly id: string;
  readonly titleKey?: string;
  /** The step's fields, by server name (where a server's field error leads back to). */
  readonly fields?: readonly { readonly name: string }[];
}

export interface WizardContext {
  readonly kind: KindId;
  readonly steps: readonly WizardStep[];
  readonly acceptanceIds: readonly string[];
  readonly initialValues: FormValues;
  referenceData: ReferenceData | null;
  values: FormValues;
  /** Current step; `steps.length` while reviewing, submitting and after. */
  step: number;
  /** Furthest step reached through a valid NEXT (`steps.length` once the review was reached). */
  reached: number;
  /** Errors of the current step's fields, or of the acceptances (keyed by acceptance id) on review. */
  errors: FieldErrors;
  acceptances: Readonly<Record<string, boolean>>;
  /** Photo as a data URL, so it survives in storage. */
  photo: string | null;
  result: SubmitOutput | null;
  /** Last submit failure (an ApiError, or anything the actor threw). */
  error: unknown;
  /** The server answered that this register already has a demand (docs/spec.md §5). */
  alreadyExists: boolean;
  /** Field problems of a 400 the server answered to the submission, as it wrote them, until the field changes. */
  serverErrors: Readonly<Record<string, string>>;
  /** An attempt of this register got no answer (network): it may have reached the server all the same. */
  attemptLost: boolean;
  /** A duplicate answered after a lost attempt: this very demand was most probably received. */
  probablyReceived: boolean;
  /** The server accepted the submission (2xx) with an answer the app cannot read: most probably received, code unknown. */
  answerUnread: boolean;
  /** A draft found on this device, offered to resume or discard (state `offering`); null once chosen. */
  draft: StoredWizard | null;
  /** When this request was started (its first change), kept in the draft to name it when offered back. */
  startedAt: number | null;
}

interface CommonInput {
  /** A snapshot read back from storage (`restoreWizard`); ignored when it belongs to another kind. */
  readonly restored?: StoredWizard | null;
  /** Reference data when already loaded; later with the REFERENCE_DATA event. */
  readonly referenceData?: ReferenceData | null;
}

export type WizardInput = CommonInput & { readonly kind: KindId };
