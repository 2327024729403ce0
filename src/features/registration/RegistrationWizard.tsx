import type { Language } from "../../i18n/namespaces";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { messageKeyOf } from "../../api/messages";
import type { KindId } from "../../api/kind-ids";
import type { ReferenceData } from "../../api/schemas";
import { useReferenceData } from "../../app/reference-data";
import { formFields, hasErrors, stepOfField, type StepSpec } from "../../forms/fields";
import type { FieldErrors, FormValue } from "../../forms/rules";
import { normalizeLanguage } from "../../i18n";
import { kinds } from "../../kinds";
import { Card } from "../../ui/Card";
import { ErrorSummary, type FieldErrorItem } from "../../ui/ErrorSummary";
import { isMessageKey, serverMessage } from "../../api/messages";
import { Link } from "../../ui/Link";
import { NativeButton as Button } from "../../ui/NativeButton";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { PublicLayout } from "../layout/PublicLayout";
import { FieldControl, fieldId, serverErrorOf, type ListsStatus } from "./FieldControl";
import { storeReceipt } from "./receipt";
import { ResultPage } from "./ResultPage";
import { ReviewSummary } from "./ReviewSummary";
import { StepIndicator } from "./StepIndicator";
import { useStepHistory, type StepNavigator } from "./step-history";
import { useWizard, type WizardActor } from "./useWizard";

/** DOM id of an acceptance checkbox. */
export const acceptanceId = (id: string): string => `acceptance-${id}`;
/** The one message of the terms boxes, which every unticked box is described by. */
const ACCEPTANCES_ERROR_ID = "acceptances-error";

export interface RegistrationWizardProps {
  readonly kind: KindId;
  /** The 1-based step the address names (`?step=`), and how to move the address: steps as history entries. */
  readonly urlStep?: number | undefined;
  readonly navigateStep?: StepNavigator | undefined;
  /** Opens the result at its own address (`/registration/<kind>/done?code=`); without it the result shows in place. */
  readonly showResult?: ((code: string) => void) | undefined;
}

/** The registration wizard page of one kind (spec §2), with the public layout around it. */
export function RegistrationWizard(props: RegistrationWizardProps) {
  // A new kind is a new wizard: its own actor, its own stored snapshot.
  return <WizardScreen key={props.kind} {...props} />;
}

/** Errors shown in the summary box, with the step they belong to (the review is `steps.length`). */
interface Summary {
  readonly step: number;
  readonly items: readonly FieldErrorItem[];
}

function WizardScreen({ kind, urlStep, navigateStep, showResult }: RegistrationWizardProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  const reference = useReferenceData();
  const actor = useWizard(kind, reference.data);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const form = kinds[kind].form;
  const steps = form.steps;
  const listsStatus: ListsStatus = reference.data ? "ready" : reference.failed ? "failed" : "loading";

  const approved = snapshot.matches("approved");
  const submitting = snapshot.matches("submitting");
  const failed = snapshot.matches("failed");
  const onReview = context.step >= steps.length;

  const titles = useMemo(() => [...steps.map((step) => t(step.titleKey)), t(form.review.titleKey)], [steps, form, t]);
  const labels = useMemo(() => new Map(formFields(form).map((field) => [field.name, t(field.labelKey)])), [form, t]);

  const [summary, setSummary] = useState<Summary | null>(null);
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
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only on a change of step
  }, [context.step]);

  useEffect(() => {
    if (context.alreadyExists || context.probablyReceived || failed) outcomeRef.current?.focus();
  }, [context.alreadyExists, context.probablyReceived, failed]);

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
    toast.success(t("registration:toastSent"));
    storeReceipt({ kind, code: result.code, name: result.name, sentAt: Date.now() });
    showResult?.(result.code);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per result
  }, [result]);

  // ── Events ────────────────────────────────────────────────────────────────────────────────────────────────
  const summaryOf = useCallback((errors: FieldErrors, review: boolean): FieldErrorItem[] => {
    const entries = Object.entries(errors);
    // On the review the errors are the terms boxes: one message for them all, leading to the first one unticked.
    if (review) return entries.slice(0, 1).map(([key]) => ({ fieldId: acceptanceId(key), message: t("validation:termsAllRequired") }));
    return entries.map(([key, message]) => ({ fieldId: fieldId(key), message: t(message) }));
  }, [t]);

  /** After an event that validates: show the summary when the machine answered with errors. */
  const afterValidation = (actorRef: WizardActor) => {
    const next = actorRef.getSnapshot();
    if (hasErrors(next.context.errors) && (next.matches("editing") || next.matches("reviewing"))) {
      setSummary({ step: next.context.step, items: summaryOf(next.context.errors, next.matches("reviewing")) });
    } else {
      setSummary(null);
    }
  };

  const onNext = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: "NEXT" });
    afterValidation(actor);
  };
  const onPrevious = () => {
    setSummary(null);
    actor.send({ type: "PREVIOUS" });
  };
  const onSubmit = () => {
    actor.send({ type: "SUBMIT" });
    afterValidation(actor);
  };
  const goTo = (step: number, focusField?: string) => {
    setSummary(null);
    focusAfterStep.current = focusField ?? null;
    actor.send({ type: "GOTO", step });
  };
  const onBackToReview = () => {
    actor.send({ type: "GOTO", step: steps.length });
    afterValidation(actor);
  };
  const change = (field: string, value: FormValue) => actor.send({ type: "CHANGE", field, value });
  useStepHistory(actor, urlStep, navigateStep, () => afterValidation(actor));

  if (approved && result) {
    return (
      <PublicLayout>
        <ResultPage kind={kind} name={result.name} code={result.code} onNewRequest={() => actor.send({ type: "RESET" })} />
      </PublicLayout>
    );
  }

  const registerStep = stepOfField(form, "register");
  const headingId = "wizard-step-title";
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-fg-muted">{t("registration:title")}</p>
          <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t(`${kind}:registrationTitle`)}</h1>
        </div>
        <StepIndicator titles={titles} current={context.step} reached={context.reached} />
        <Card className="flex flex-col gap-6">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-fg outline-none">
            {titles[context.step]}
          </h2>
          {onReview ? (
            <ReviewContent
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
              outcomeRef={outcomeRef}
              registerStep={registerStep}
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
              labelOf={(name) => labels.get(name)}
              summary={shownSummary}
              onChange={change}
              onPhoto={(dataUrl) => actor.send({ type: "SET_PHOTO", dataUrl })}
              onNext={onNext}
              onPrevious={onPrevious}
              onBackToReview={context.reached >= steps.length && context.step < steps.length - 1 ? onBackToReview : undefined}
            />
          )}
        </Card>
      </div>
    </PublicLayout>
  );
}

interface StepFormProps {
  readonly step: StepSpec;
  readonly index: number;
  readonly headingId: string;
  readonly context: WizardActor extends { getSnapshot(): { context: infer C } } ? C : never;
  readonly referenceData: ReferenceData | null;
  readonly listsStatus: ListsStatus;
  readonly onRetryLists: () => void;
  readonly lang: Language;
  readonly labelOf: (name: string) => string | undefined;
  readonly summary: readonly FieldErrorItem[] | null;
  readonly onChange: (field: string, value: FormValue) => void;
  readonly onPhoto: (dataUrl: string | null) => void;
  readonly onNext: (event?: FormEvent) => void;
  readonly onPrevious: () => void;
  /** Straight back to the review, once it was reached (the steps in between are checked on the way). */
  readonly onBackToReview?: (() => void) | undefined;
}

function StepForm({
  step,
  index,
  headingId,
  context,
  referenceData,
  listsStatus,
  onRetryLists,
  lang,
  labelOf,
  summary,
  onChange,
  onPhoto,
  onNext,
  onPrevious,
  onBackToReview,
}: StepFormProps) {
  const { t } = useTranslation();
  const usesLists = step.fields.some((field) => field.input.type === "select");
  return (
    <form noValidate aria-labelledby={headingId} onSubmit={onNext} className="flex flex-col gap-5">
      {summary && <ErrorSummary errors={summary} />}
      {/* Announced, not shown: each list says it is loading in its own box, and a banner that came and went would move the form. */}
      {usesLists && listsStatus === "loading" && (
        <p role="status" className="sr-only">
          {t("registration:wizard.loadingLists")}
        </p>
      )}
      {usesLists && listsStatus === "failed" && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger-text bg-error-bg p-3 text-sm text-error-fg">
          <span>{t("registration:wizard.listsFailed")}</span>
          <Button variant="secondary" size="sm" onClick={onRetryLists}>
            {t("common:actions.retry")}
          </Button>
        </div>
      )}
      <p className="text-sm text-fg-muted">{t("registration:wizard.requiredNote")}</p>
      {step.fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          values={context.values}
          photo={context.photo}
          error={context.errors[field.name] ?? serverErrorOf(context.serverErrors, field.name)}
          referenceData={referenceData}
          listsStatus={listsStatus}
          lang={lang}
          labelOfField={labelOf}
          onChange={(value) => onChange(field.name, value)}
          onPhotoChange={onPhoto}
        />
      ))}
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:justify-between">
        {index > 0 ? (
          <Button variant="secondary" onClick={onPrevious}>
            {t("common:actions.previous")}
          </Button>
        ) : (
          <span aria-hidden="true" />
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {onBackToReview && (
            <Button variant="secondary" onClick={onBackToReview}>
              {t("registration:wizard.backToReview")}
            </Button>
          )}
          <Button type="submit">{t("common:actions.next")}</Button>
        </div>
      </div>
    </form>
  );
}

/** A submission outcome the reader must see: announced, and focused when it appears. */
const OutcomeAlert = ({ outcomeRef, children }: { outcomeRef: React.RefObject<HTMLDivElement | null>; children: React.ReactNode }) => (
  <div
    ref={outcomeRef}
    tabIndex={-1}
    role="alert"
    className="flex flex-col gap-3 rounded-lg border-2 border-danger-text bg-error-bg p-4 text-error-fg outline-none focus-visible:outline-2 focus-visible:outline-focus focus-visible:outline-offset-2"
  >
    {children}
  </div>
);

interface ReviewContentProps {
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
  readonly outcomeRef: React.RefObject<HTMLDivElement | null>;
  readonly registerStep: number;
  readonly onAccept: (which: string, value: boolean) => void;
  readonly onGoTo: (step: number, focusField?: string) => void;
  readonly onPrevious: () => void;
  readonly onSubmit: () => void;
  readonly onRetry: () => void;
  readonly onBack: () => void;
}

function ReviewContent(props: ReviewContentProps) {
  const { t } = useTranslation();
  const { kind, steps, acceptances, values, photo, acceptancesState, errors, referenceData, lang, summary } = props;
  const { submitting, failed, error, alreadyExists, probablyReceived, outcomeRef, registerStep } = props;
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
      {alreadyExists && (
        <OutcomeAlert outcomeRef={outcomeRef}>
          <p className="font-semibold">{t("errors:registrationExist")}</p>
          {registerStep >= 0 && (
            <div>
              <Button variant="secondary" size="sm" onClick={() => props.onGoTo(registerStep, fieldId("register"))}>
                {t("registration:wizard.fixRegister")}
              </Button>
            </div>
          )}
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
        <legend className="float-left mb-3 w-full text-lg font-semibold text-fg">{t("registration:wizard.acceptancesTitle")}</legend>
        <p className="clear-both text-sm">
          <Link href={`/terms/${kind}`}>{t("registration:wizard.termsLink")}</Link>
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
          <Button onClick={submitting ? undefined : props.onSubmit} aria-disabled={submitting || undefined} className={submitting ? "cursor-wait" : undefined}>
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
