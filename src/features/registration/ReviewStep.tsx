import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { messageKeyOf } from "../../api/messages";
import type { ReferenceData } from "../../api/schemas";
import type { StepSpec } from "../../forms/fields";
import type { FieldErrors } from "../../forms/rules";
import type { Language } from "../../i18n/namespaces";
import { ErrorSummary, type FieldErrorItem } from "../../ui/ErrorSummary";
import { Link } from "../../ui/Link";
import { NativeButton as Button } from "../../ui/NativeButton";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { Spinner } from "../../ui/Spinner";
import { DuplicateHelp, UnreadAnswerHelp } from "./DuplicateHelp";
import { ReviewSummary } from "./ReviewSummary";

/** DOM id of an acceptance checkbox. */
export const acceptanceId = (id: string): string => `acceptance-${id}`;
/** The one message of the terms boxes, which every unticked box is described by. */
const ACCEPTANCES_ERROR_ID = "acceptances-error";

/** A submission outcome the reader must see: announced, and focused when it appears. */
const OutcomeAlert = ({
  outcomeRef,
  children,
}: {
  outcomeRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) => (
  <div
    ref={outcomeRef}
    tabIndex={-1}
    role="alert"
    className="flex flex-col gap-3 rounded-lg border-2 border-danger-text bg-error-bg p-4 text-error-fg outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus focus-visible:outline-offset-2"
  >
    {children}
  </div>
);

interface ReviewStepProps {
  readonly kind: KindId;
  readonly steps: readonly StepSpec[];
  readonly acceptances: readonly { readonly id: string; readonly labelKey: string }[];
  readonly values: Parameters<typeof ReviewSummary>[0]["values"];
  readonly photo: string | null;
  readonly acceptancesState: Readonly<Record<string, boolean>>;
  readonly errors: FieldErrors;
  readonly referenceData: ReferenceData | null;
  readonly lang: Language;
  readonly summary: readonly FieldErrorItem[] | null;
  readonly submitting: boolean;
  readonly failed: boolean;
  readonly error: unknown;
  readonly alreadyExists: boolean;
  readonly probablyReceived: boolean;
  /** The submission was accepted with an answer the app cannot read (UnreadAnswerHelp). */
  readonly answerUnread: boolean;
  readonly outcomeRef: RefObject<HTMLDivElement | null>;
  readonly onAccept: (which: string, value: boolean) => void;
  readonly onGoTo: (step: number, focusField?: string) => void;
  readonly onPrevious: () => void;
  readonly onSubmit: () => void;
  readonly onRetry: () => void;
  readonly onBack: () => void;
}

/** The review: the outcome of a submission, what was entered (each step can be changed), the terms, Submit. */
export function ReviewStep(props: ReviewStepProps) {
  const { t } = useTranslation();
  const { kind, steps, acceptances, values, photo, acceptancesState, errors, referenceData, lang, summary } = props;
  const { submitting, failed, error, alreadyExists, probablyReceived, answerUnread, outcomeRef } = props;
  const editable = !submitting && !failed;
  // The spec's message first; the cause (server down, offline…) when the API tells more.
  const cause = failed ? messageKeyOf(error) : null;
  const detail = cause && cause !== "errors:registrationFailed" && cause !== "errors:generic" ? cause : null;
  return (
    <div className="flex flex-col gap-6">
      {probablyReceived && (
        <OutcomeAlert outcomeRef={outcomeRef}>
          <p className="font-semibold">{t("registration:wizard.probablyReceived.title")}</p>
          <p className="text-sm">{t("registration:wizard.probablyReceived.body")}</p>
        </OutcomeAlert>
      )}
      {answerUnread && (
        <OutcomeAlert outcomeRef={outcomeRef}>
          <p className="font-semibold">{t("registration:wizard.probablyReceived.title")}</p>
          <UnreadAnswerHelp kind={kind} />
        </OutcomeAlert>
      )}
      {alreadyExists && (
        <OutcomeAlert outcomeRef={outcomeRef}>
          <p className="font-semibold">{t("errors:registrationExist")}</p>
          <DuplicateHelp kind={kind} />
        </OutcomeAlert>
      )}
      {failed && (
        <OutcomeAlert outcomeRef={outcomeRef}>
          <p className="font-semibold">{t("errors:registrationFailed")}</p>
          {detail && <p className="text-sm">{t(detail)}</p>}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={props.onRetry}>
              {t("common:actions.retry")}
            </Button>
            <Button variant="secondary" size="sm" onClick={props.onBack}>
              {t("common:actions.back")}
            </Button>
          </div>
        </OutcomeAlert>
      )}
      {summary && <ErrorSummary errors={summary} />}
      <p className="text-fg-muted">{t("registration:wizard.reviewIntro")}</p>
      <ReviewSummary
        steps={steps}
        values={values}
        photo={photo}
        referenceData={referenceData}
        lang={lang}
        onChange={editable ? (step) => props.onGoTo(step) : undefined}
      />
      <fieldset className="flex flex-col gap-3 border-t border-border pt-5">
        <legend className="float-left mb-3 w-full text-lg font-semibold text-fg">
          {t("registration:wizard.acceptancesTitle")}
        </legend>
        <p className="clear-both text-sm">
          <Link href={`/terms/${kind}`} className="inline-flex min-h-11 items-center">
            {t("registration:wizard.termsLink")}
          </Link>
        </p>
        {acceptances.map((acceptance) => (
          <NativeCheckbox
            key={acceptance.id}
            id={acceptanceId(acceptance.id)}
            name={acceptance.id}
            checked={acceptancesState[acceptance.id] === true}
            onChange={(value) => props.onAccept(acceptance.id, value)}
            disabled={!editable}
            groupErrorId={errors[acceptance.id] ? ACCEPTANCES_ERROR_ID : undefined}
          >
            {t(acceptance.labelKey)}
          </NativeCheckbox>
        ))}
        {acceptances.some((acceptance) => errors[acceptance.id]) && (
          <p id={ACCEPTANCES_ERROR_ID} className="text-sm font-medium text-danger-text">
            {t("validation:termsAllRequired")}
          </p>
        )}
      </fieldset>
      {!failed && (
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={props.onPrevious} disabled={submitting}>
            {t("common:actions.previous")}
          </Button>
          {/* Stays focusable while sending (aria-disabled): focus is not lost, and a second press sends nothing. */}
          <Button
            onClick={submitting ? undefined : props.onSubmit}
            aria-disabled={submitting || undefined}
            className={submitting ? "cursor-wait" : undefined}
          >
            {submitting && <Spinner size="sm" />}
            {submitting ? t("common:loading.sending") : t("registration:submit")}
          </Button>
          <span role="status" className="sr-only">
            {submitting ? t("common:loading.sending") : ""}
          </span>
        </div>
      )}
    </div>
  );
}
