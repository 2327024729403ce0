import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MistakeNote, Rejection } from "../../api/schemas";
import { MistakeNotes } from "./MistakeNotes";
import { Button } from "../../ui/Button";
import { ErrorPanel } from "../../ui/ErrorPanel";
import type { FieldErrorItem } from "../../ui/ErrorSummary";
import { actionBar, clearOfActionBar } from "./DemandDecision";
import { RejectionNotice } from "./RejectionNotice";

/**
 * A pending demand as it opens: its problems, the applicant's rejection if any, its values read-only, and the
 * decisions (validate, edit, ask for a correction).
 */
export function DemandReview({
  titleId,
  failedMessage,
  warnings,
  noPhoto,
  rejection,
  notes,
  values,
  dialogs,
  rejectDialog,
  actions,
  editId,
  validating,
  onEdit,
  onReject,
}: {
  titleId: string;
  /** Why the last validation failed, or null. */
  failedMessage: string | null;
  warnings: readonly FieldErrorItem[];
  noPhoto: boolean;
  rejection: Rejection | null;
  /** Extension `correction`: the applicant's notes about a mistake in the request, oldest first. */
  notes: readonly MistakeNote[] | null;
  values: ReactNode;
  dialogs: ReactNode;
  rejectDialog: ReactNode;
  actions: ReactNode;
  editId: string;
  validating: boolean;
  onEdit: () => void;
  /** Absent without the `reject` capability. */
  onReject: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className={"flex flex-col gap-6"}>
      {failedMessage !== null && <ErrorPanel message={failedMessage} />}
      {(warnings.length > 0 || noPhoto) && (
        <section
          aria-labelledby={`${titleId}-problems`}
          className="rounded-lg border border-warning-fg/40 bg-warning-bg p-4 text-sm text-warning-fg"
        >
          <h2 id={`${titleId}-problems`} className="font-semibold">
            {t("demand:review.problemsTitle")}
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {noPhoto && <li>{t("demand:review.noPhoto")}</li>}
            {warnings.map((warning) => (
              <li key={warning.fieldId}>{warning.message}</li>
            ))}
          </ul>
          <p className="mt-2">{t("demand:review.problemsBody")}</p>
        </section>
      )}
      {rejection && <RejectionNotice rejection={rejection} headingId={`${titleId}-rejection`} />}
      {notes && notes.length > 0 && <MistakeNotes notes={notes} headingId={`${titleId}-notes`} />}
      {values}
      {dialogs}
      {rejectDialog}
      <div ref={clearOfActionBar} className={actionBar}>
        {actions}
        <Button id={editId} variant="secondary" isDisabled={validating} onPress={onEdit}>
          {t("demand:review.edit")}
        </Button>
        {onReject && (
          <Button variant="secondary" isDisabled={validating} onPress={onReject}>
            {t("demand:reject.open")}
          </Button>
        )}
      </div>
    </div>
  );
}
