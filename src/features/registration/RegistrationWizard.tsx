import type { Language } from "../../i18n/namespaces";
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { useReferenceData } from "../../app/reference-data";
import { formFields, hasErrors, type StepSpec } from "../../forms/fields";
import type { FieldErrors, FormValue } from "../../forms/rules";
import { normalizeLanguage } from "../../i18n";
import { kinds } from "../../kinds";
import { Card } from "../../ui/Card";
import { cx, nativeFocusRing } from "../../ui/classes";
import type { FieldErrorItem } from "../../ui/ErrorSummary";
import { isMessageKey, serverMessage } from "../../api/messages";
import { toast } from "../../ui/toast";
import { PublicLayout } from "../layout/PublicLayout";
import { fieldId, type ListsStatus } from "../forms/FieldControl";
import { DraftOffer } from "./DraftOffer";
import { storeReceipt } from "./receipt";
import { ResultPage, SENT_TOAST_ID } from "./ResultPage";
import { acceptanceId, ReviewStep } from "./ReviewStep";
import { StepForm } from "./StepForm";
import { StepIndicator } from "./StepIndicator";
import { useStepHistory, type StepNavigator } from "./step-history";
import { useDrawnWizard, useWizard, type WizardActor } from "./useWizard";

export interface RegistrationWizardProps {
  readonly kind: KindId;
  /** The 1-based step the address names (`?step=`), and how to move the address: steps as history entries. */
  readonly urlStep?: number | undefined;
  readonly navigateStep?: StepNavigator | undefined;
  /** Opens the result at its own address (`/registration/<kind>/done?code=`); without it the result shows in place. */
  readonly showResult?: ((code: string) => void) | undefined;
}

/** The registration wizard page of one kind (docs/spec.md §2), with the public layout around it. */
export function RegistrationWizard(props: RegistrationWizardProps) {
  // A new kind is a new wizard: its own actor, its own stored snapshot.
  return <WizardScreen key={props.kind} {...props} />;
}

/** Errors shown in the summary box, with the step they belong to (the review is `steps.length`). */
interface Summary {
  readonly step: number;
  readonly items: readonly FieldErrorItem[];
}

/**
 * Keeps the address and the wizard on the same step. The page itself (WizardView) does not depend on the address,
 * so the address following a step change does not render the page a second time.
 */
function WizardScreen({ kind, urlStep, navigateStep, showResult }: RegistrationWizardProps) {
  const { t } = useTranslation();
  const reference = useReferenceData();
  const actor = useWizard(kind, reference.data);
  const [summary, setSummary] = useState<Summary | null>(null);

  const summaryOf = useCallback(
    (errors: FieldErrors, review: boolean): FieldErrorItem[] => {
      const entries = Object.entries(errors);
      // On the review the errors are the terms boxes: one message for them all, leading to the first one unticked.
      if (review)
        return entries
          .slice(0, 1)
          .map(([key]) => ({ fieldId: acceptanceId(key), message: t("validation:termsAllRequired") }));
      return entries.map(([key, message]) => ({ fieldId: fieldId(key), message: t(message) }));
    },
    [t],
  );
  /** After an event that validates: show the summary when the machine answered with errors. */
  const afterValidation = useCallback(() => {
    const next = actor.getSnapshot();
    if (hasErrors(next.context.errors) && (next.matches("editing") || next.matches("reviewing"))) {
      setSummary({ step: next.context.step, items: summaryOf(next.context.errors, next.matches("reviewing")) });
    } else {
      setSummary(null);
    }
  }, [actor, summaryOf]);
  useStepHistory(actor, urlStep, navigateStep, afterValidation);

  return (
    <WizardView
      kind={kind}
      actor={actor}
      reference={reference}
      summary={summary}
      setSummary={setSummary}
      afterValidation={afterValidation}
      showResult={showResult}
    />
  );
}

interface WizardViewProps {
  readonly kind: KindId;
  readonly actor: WizardActor;
  readonly reference: ReturnType<typeof useReferenceData>;
  readonly summary: Summary | null;
  readonly setSummary: Dispatch<SetStateAction<Summary | null>>;
  readonly afterValidation: () => void;
  readonly showResult: ((code: string) => void) | undefined;
}

const WizardView = memo(function WizardView({
  kind,
  actor,
  reference,
  summary,
  setSummary,
  afterValidation,
  showResult,
}: WizardViewProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  const snapshot = useDrawnWizard(actor);
  const { context } = snapshot;
  const form = kinds[kind].form;
  const steps = form.steps;
  const listsStatus: ListsStatus = reference.data ? "ready" : reference.failed ? "failed" : "loading";

  const approved = snapshot.matches("approved");
  const submitting = snapshot.matches("submitting");
  const failed = snapshot.matches("failed");
  const offering = snapshot.matches("offering");
  const onReview = context.step >= steps.length;

  const titles = useMemo(() => [...steps.map((step) => t(step.titleKey)), t(form.review.titleKey)], [steps, form, t]);
  const labels = useMemo(() => new Map(formFields(form).map((field) => [field.name, t(field.labelKey)])), [form, t]);
  // The step's handlers keep their identity across renders: a field whose own props did not change is not drawn
  // again (a photo landing redraws the photo field alone).
  const labelOf = useCallback((name: string) => labels.get(name), [labels]);
  const setPhoto = useCallback((dataUrl: string | null) => actor.send({ type: "SET_PHOTO", dataUrl }), [actor]);
  const change = useCallback(
    (field: string, value: FormValue) => actor.send({ type: "CHANGE", field, value }),
    [actor],
  );

  const shownSummary = summary && summary.step === context.step ? summary.items : null;

  // ── Focus management ──────────────────────────────────────────────────────────────────────────────────────
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  /** A field to focus after the next step change instead of the heading. */
  const focusAfterStep = useRef<string | null>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // A failed NEXT/SUBMIT shows the summary, which takes focus itself.
    if (summary && summary.step === context.step) return;
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    if (field) {
      document.getElementById(field)?.focus();
      return;
    }
    headingRef.current?.focus();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only on a change of step, or once the draft offer is answered
  }, [context.step, offering]);

  useEffect(() => {
    if (context.alreadyExists || context.probablyReceived || context.answerUnread || failed)
      outcomeRef.current?.focus();
  }, [context.alreadyExists, context.probablyReceived, context.answerUnread, failed]);

  // The server refused fields of the submission: the machine is back at the first of them; the summary lists them.
  const refusedBy = snapshot.matches("editing") ? context.error : null;
  useEffect(() => {
    if (!refusedBy) return;
    const problems = Object.entries(context.serverErrors);
    if (problems.length === 0) return;
    setSummary({
      step: context.step,
      items: problems.map(([name, text]) => {
        const message = serverMessage(text);
        return { fieldId: fieldId(name), message: isMessageKey(message) ? t(message) : message };
      }),
    });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusedBy]);

  // ── Outcome ───────────────────────────────────────────────────────────────────────────────────────────────
  const result = context.result;
  useEffect(() => {
    if (!approved || !result) return;
    toast.success(t("registration:toastSent"), { id: SENT_TOAST_ID, page: `/registration/${kind}/done` });
    storeReceipt({ kind, code: result.code, name: result.name, sentAt: Date.now() });
    showResult?.(result.code);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per result
  }, [result]);

  // ── Events ────────────────────────────────────────────────────────────────────────────────────────────────
  const onNext = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: "NEXT" });
    afterValidation();
  };
  const onPrevious = () => {
    setSummary(null);
    actor.send({ type: "PREVIOUS" });
  };
  const onSubmit = () => {
    actor.send({ type: "SUBMIT" });
    afterValidation();
  };
  const goTo = (step: number, focusField?: string) => {
    setSummary(null);
    focusAfterStep.current = focusField ?? null;
    actor.send({ type: "GOTO", step });
  };

  if (approved && result) {
    return (
      <PublicLayout termsKind={kind}>
        <ResultPage
          kind={kind}
          name={result.name}
          code={result.code}
          onNewRequest={() => actor.send({ type: "RESET" })}
        />
      </PublicLayout>
    );
  }

  const headingId = "wizard-step-title";
  return (
    <PublicLayout termsKind={kind}>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10 short-phone:gap-3 short-phone:py-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-fg-muted short-phone:sr-only">{t("registration:title")}</p>
          <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t(`${kind}:registrationTitle`)}</h1>
        </div>
        {offering && context.draft ? (
          <Card className="flex flex-col gap-6">
            <DraftOffer
              draft={context.draft}
              headingRef={headingRef}
              onResume={() => actor.send({ type: "RESUME" })}
              onStartNew={() => actor.send({ type: "START_NEW" })}
            />
          </Card>
        ) : (
          <>
            <StepIndicator titles={titles} current={context.step} reached={context.reached} />
            <Card className="flex flex-col gap-6 short-phone:gap-4">
              {/* "Step 2 of 5: Payment": where the applicant is, said when focus lands here; the document title follows. */}
              <h2
                id={headingId}
                ref={headingRef}
                tabIndex={-1}
                data-title-subject
                className={cx("text-xl font-semibold text-fg", nativeFocusRing)}
              >
                {t("registration:stepHeading", {
                  step: context.step + 1,
                  total: titles.length,
                  title: titles[context.step],
                })}
              </h2>
              {onReview ? (
                <ReviewStep
                  kind={kind}
                  steps={steps}
                  acceptances={form.review.acceptances}
                  values={context.values}
                  photo={context.photo}
                  acceptancesState={context.acceptances}
                  errors={context.errors}
                  referenceData={reference.data}
                  lang={lang}
                  summary={shownSummary}
                  submitting={submitting}
                  failed={failed}
                  error={context.error}
                  alreadyExists={context.alreadyExists}
                  probablyReceived={context.probablyReceived}
                  answerUnread={context.answerUnread}
                  outcomeRef={outcomeRef}
                  onAccept={(which, value) => actor.send({ type: "ACCEPT", which, value })}
                  onGoTo={goTo}
                  onPrevious={onPrevious}
                  onSubmit={onSubmit}
                  onRetry={() => actor.send({ type: "RETRY" })}
                  onBack={() => actor.send({ type: "BACK" })}
                />
              ) : (
                <StepForm
                  step={steps[context.step] as StepSpec}
                  index={context.step}
                  headingId={headingId}
                  context={context}
                  referenceData={reference.data}
                  listsStatus={listsStatus}
                  onRetryLists={reference.retry}
                  lang={lang}
                  labelOf={labelOf}
                  summary={shownSummary}
                  onChange={change}
                  onPhoto={setPhoto}
                  onNext={onNext}
                  onPrevious={onPrevious}
                  reviewReached={context.reached >= steps.length}
                />
              )}
            </Card>
          </>
        )}
      </div>
    </PublicLayout>
  );
});
