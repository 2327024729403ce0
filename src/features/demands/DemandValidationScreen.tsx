import type { Language } from "../../i18n/namespaces";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useRouter } from "@tanstack/react-router";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useReferenceData } from "../../app/reference-data";
import { useSessionActor } from "../../session";
import { pruneDependents } from "../../forms/cascade";
import { fieldByName, type FieldSpec } from "../../forms/fields";
import { serverMessage } from "../../api/messages";
import { serverErrorOf } from "../forms/FieldControl";
import { formatDateTime } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import { demandValidationMachine } from "../../machines/demand-validation";
import { storedProblems } from "../../machines/demand-validation-checks";
import type { FieldValue } from "../../machines/demand-validation-context";
import { currentPhoto, missingPhoto } from "../../machines/demand-validation-photo";
import { currentValues, isDirty } from "../../machines/demand-validation-values";
import type { ReferenceData } from "../../api/schemas/reference";
import { announceText } from "../../ui/Button";
import { AlertDialog, Button, ErrorSummary, Link, Section, Spinner, cx, toast, type FieldErrorItem } from "../../ui";
import { PhotoDialog } from "../photo/PhotoDialog";
import { NoPhotoDialog } from "./NoPhotoDialog";
import { demandQueryString, type DemandListSearch } from "../lists/list-query";
import { FieldControl, fieldId } from "../forms/FieldControl";
import { displayValue } from "./display";
import { useProvidedMachine } from "../../machines/implementations";
import { forgetKeptEdits, readKeptEdits } from "../../machines/kept-edits";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { useCapability } from "../../app/runtime-context";
import type { Rejection } from "../../api/schemas";
import { demandRejectMachine } from "../../machines/demand-reject";
import { DemandStatusBadge } from "./DemandStatusBadge";
import { RejectDialog } from "./RejectDialog";
import { RejectionNotice } from "./RejectionNotice";
import { useLang } from "../lists/use-lang";

export interface DemandValidationScreenProps {
  readonly kind: AnyKind;
  readonly id: string;
  /** The search of the list the agent came from: the way back, and where "Validate and next" looks. */
  readonly listSearch?: DemandListSearch;
}

const isPhoto = (field: FieldSpec) => field.input.type === "photo";

/**
 * The demand "Validate and next" opened, until its screen has read it: that screen names it in a polite
 * announcement (focus goes to its heading, as after any page change), since its heading is the same as the last one's.
 */
let openedAsNext: { readonly id: string; readonly left: number | null } | null = null;

/**
 * The action bar stays at the bottom of the screen (sticky), so an agent validates demand after demand without
 * scrolling.
 */
const actionBar =
  "sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-border bg-bg px-4 py-3 sm:-mx-6 sm:gap-3 sm:px-6";

/**
 * What the browser scrolls into view (the focused field, a summary's link) stops above the action bar: the page's
 * scroll padding follows the bar's height (it wraps on a phone) while the bar is there.
 */
const clearOfActionBar = (bar: HTMLDivElement | null) => {
  if (!bar || typeof ResizeObserver === "undefined") return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.scrollPaddingBottom = `${bar.offsetHeight + 16}px`;
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = "";
  };
};

/**
 * docs/spec.md §2 demand validation: the demand's sections (student personal / academic / emergency; staff and teacher
 * professional / personal / emergency), every field editable under the registration rules, and Validate.
 * Nothing changed → simple validation; something changed → full validation (the machine decides).
 */
export function DemandValidationScreen({ kind, id, listSearch = {} }: DemandValidationScreenProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const listQuery = demandQueryString(listSearch);
  const lang = useLang();
  const { data: referenceData, loaded, failed: listsFailed } = useReferenceData();
  const titleId = useId();

  const session = useSessionActor();
  const [owner] = useState(() => ({ user: session.getSnapshot().context.user?.username ?? "", kind: kind.id, id }));
  const [kept] = useState(() => readKeptEdits(owner));
  // Extension `reject` (docs/extensions.md): without the capability no action shows and nothing is sent.
  const rejectOn = useCapability("reject");
  const [snapshot, send, actorRef] = useMachine(useProvidedMachine(demandValidationMachine), {
    input: {
      kind,
      id,
      user: owner.user,
      referenceData,
      kept,
      listSearch: listSearch.search ?? "",
      skipRejected: rejectOn,
    },
  });
  useEffect(() => {
    if (referenceData) send({ type: "REFERENCE_DATA", data: referenceData });
  }, [send, referenceData]);
  // Leaving the page while signed in abandons the edits; a session ended by the server (401) keeps them.
  useEffect(
    () => () => {
      if (session.getSnapshot().context.endedBy !== "unauthorized") forgetKeptEdits(owner);
    },
    [session, owner],
  );
  const [summary, setSummary] = useState<FieldErrorItem[]>([]);
  const [rejectSnapshot, sendReject, rejectRef] = useMachine(useProvidedMachine(demandRejectMachine), {
    input: { kind, id },
  });
  const [rejected, setRejected] = useState<Rejection | null>(null);
  useEffect(() => {
    const subscription = rejectRef.on("rejected", ({ result }) => {
      setRejected(result.rejection);
      const status = result.rejection.status === "correction" ? "correction" : "rejected";
      const shown = actorRef.getSnapshot().context.demand;
      toast.success(
        t(`demand:reject.toast.${status}`, {
          code: shown?.code ?? "",
          name: shown ? `${shown.lastname} ${shown.firstname}`.trim() : "",
        }),
        { description: t("demand:reject.toastBody") },
      );
    });
    return () => subscription.unsubscribe();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- t only translates; subscribe once per actor
  }, [rejectRef]);
  // The photo dialog opened from the no-photo question (the photo field has its own).
  const [addingPhoto, setAddingPhoto] = useState(false);
  const successRef = useRef<HTMLHeadingElement>(null);
  // "N left" while working through the list with Validate and next: its pending count when this demand was opened.
  const [left] = useState(() => (openedAsNext?.id === id ? openedAsNext.left : null));
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // After Cancel the form goes away: focus to Edit, the control that brings it back.
  const [focusEdit, setFocusEdit] = useState(false);
  const editId = useId();
  useEffect(() => {
    if (!focusEdit) return;
    setFocusEdit(false);
    document.getElementById(editId)?.focus();
  }, [focusEdit, editId]);

  const labelOfField = (name: string) => {
    const spec = fieldByName(kind.form, name);
    return spec ? t(spec.labelKey) : undefined;
  };
  const summaryOf = (errors: Readonly<Record<string, string>>): FieldErrorItem[] =>
    Object.entries(errors).map(([name, message]) => ({
      fieldId: fieldId(name),
      message: message.startsWith("validation:") ? t(message) : `${labelOfField(name) ?? name}: ${message}`,
    }));

  useEffect(() => {
    const done = actorRef.on("validated", () => {
      setSummary([]);
      const validatedDemand = actorRef.getSnapshot().context.demand;
      toast.success(
        t("demand:validation.validatedToast", {
          code: validatedDemand?.code ?? "",
          name: validatedDemand ? `${validatedDemand.lastname} ${validatedDemand.firstname}`.trim() : "",
        }),
        { description: t("demand:validation.success") },
      );
    });
    const failed = actorRef.on("validationFailed", (event) => {
      toast.error(t(event.messageKey));
      const serverErrors = actorRef.getSnapshot().context.serverFieldErrors;
      if (Object.keys(serverErrors).length > 0) {
        setSummary(
          summaryOf(
            Object.fromEntries(Object.entries(serverErrors).map(([field, text]) => [field, serverMessage(text)])),
          ),
        );
      }
    });
    // Validate and next: the list's next pending demand opens; none left, the list does.
    const next = actorRef.on("nextPending", ({ id: nextId, left: nextLeft }) => {
      if (nextId === null) toast.info(t("demand:validation.queueEmpty"));
      openedAsNext = nextId === null ? null : { id: nextId, left: nextLeft };
      void router.navigate({
        href: nextId === null ? listHref : `/dashboard/${kind.id}/demand/validation/${nextId}${listQuery}`,
      });
    });
    const elsewhere = actorRef.on("validatedElsewhere", ({ by }) => {
      setSummary([]);
      toast.info(
        by ? t("demand:validation.validatedElsewhereBy", { name: by }) : t("demand:validation.validatedElsewhere"),
      );
    });
    return () => {
      next.unsubscribe();
      done.unsubscribe();
      failed.unsubscribe();
      elsewhere.unsubscribe();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- t and labels only translate; subscribe once per actor
  }, [actorRef]);

  const validated = snapshot.matches("validated");
  useEffect(() => {
    if (validated) successRef.current?.focus();
  }, [validated]);

  const context = snapshot.context;
  const demand = context.demand;
  const loadedCode = demand?.code ?? null;
  useEffect(() => {
    if (!demand || openedAsNext?.id !== id) return;
    openedAsNext = null;
    announceText(
      t("demand:validation.nextOpened", { code: demand.code, name: `${demand.lastname} ${demand.firstname}`.trim() }),
    );
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, when the demand opened as the next one is read
  }, [loadedCode]);
  const listHref = `/dashboard/${kind.id}/demand${listQuery}`;
  const name = demand ? `${demand.lastname} ${demand.firstname}`.trim() : "";
  const rejection = rejected ?? demand?.rejection ?? null;

  const header = (
    <div className="flex flex-col gap-2">
      <Link href={listHref} className="w-fit text-sm">
        {t("demand:validation.backToList")}
      </Link>
      <h1 id={titleId} className="text-2xl font-semibold">
        {t("demand:validationTitle")}
      </h1>
      {demand && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <span>
            {t("demand:validation.code")}{" "}
            <span className="font-mono text-fg" data-title-subject>
              {demand.code}
            </span>
          </span>
          <span>{name}</span>
          <span>{t("demand:validation.submittedOn", { date: formatDateTime(demand.insert_at) })}</span>
          {left !== null && <span className="font-medium text-fg">{t("demand:validation.left", { count: left })}</span>}
          <DemandStatusBadge validated={demand.validated || validated} rejection={rejection} />
        </p>
      )}
    </div>
  );

  let body: ReactNode;
  if (snapshot.matches("loading")) {
    body = <Spinner label={t("demand:validation.loading")} />;
  } else if (snapshot.matches({ loadFailed: "notFound" })) {
    body = <ErrorPanel message={t("errors:demandNotFound")} />;
  } else if (snapshot.matches("loadFailed")) {
    body = (
      <ErrorPanel
        message={t("errors:demandLoadFailed")}
        detail={t(context.errorKey ?? "errors:demandLoadError")}
        onRetry={() => send({ type: "RETRY" })}
      />
    );
  } else if (validated) {
    body = (
      <div className="flex flex-col gap-4 rounded-xl border border-success-fg/40 bg-success-bg p-5 text-success-fg">
        <h2
          ref={successRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus"
        >
          {t("demand:validation.success")}
        </h2>
        <p>{t("demand:validation.successBody", { name, code: demand?.code ?? "" })}</p>
        <div className="flex flex-wrap gap-3">
          {context.cardId && (
            <Link variant="primary" href={`/dashboard/${kind.id}/card/${context.cardId}`}>
              {t("demand:validation.viewCard")}
            </Link>
          )}
          <Link variant="secondary" href={listHref}>
            {t("demand:validation.backToList")}
          </Link>
        </div>
      </div>
    );
  } else if (demand?.validated) {
    body = (
      <div className="flex flex-col gap-6">
        <p role="status" className="rounded-lg border border-border bg-surface-2 p-4 text-sm">
          {t("demand:validation.alreadyValidated")}
        </p>
        <DemandValues
          kind={kind}
          values={context.original}
          photo={currentPhoto(context)}
          name={name}
          referenceData={referenceData}
          lang={lang}
        />
      </div>
    );
  } else {
    const values = currentValues(context);
    const validating = snapshot.matches("validating");
    const dirty = isDirty(context);
    // Problems of the data as stored: a warning, never a refusal (simple validation always goes through).
    const warnings = summaryOf(storedProblems(context));
    const errorOf = (name: string): string | undefined =>
      context.fieldErrors[name] ?? serverErrorOf(context.serverFieldErrors, name);

    const edit = (field: FieldSpec, value: FieldValue) => {
      send({ type: "EDIT", field: field.name, value });
      if (field.input.type === "select" && referenceData) {
        const next = { ...values, [field.name]: value };
        const pruned = pruneDependents(next, referenceData);
        for (const [name, prunedValue] of Object.entries(pruned)) {
          if (prunedValue !== next[name]) send({ type: "EDIT", field: name, value: prunedValue });
        }
      }
    };
    const validate = (thenNext = false) => {
      actorRef.send({ type: "VALIDATE", thenNext });
      const after = actorRef.getSnapshot();
      setSummary(after.matches("validating") ? [] : summaryOf(after.context.fieldErrors));
    };

    // Cancel: back to the review, the unsent edits dropped (asked first when there are any).
    const closeForm = () => {
      send({ type: "CLOSE_FORM" });
      setSummary([]);
      setFocusEdit(true);
    };

    const noPhoto = missingPhoto(context);
    const dialogs = (
      <>
        <NoPhotoDialog
          isOpen={snapshot.matches("confirmingNoPhoto")}
          onCancel={() => send({ type: "CANCEL" })}
          onConfirm={() => send({ type: "CONFIRM_NO_PHOTO" })}
          onAddPhoto={() => {
            send({ type: "CANCEL" });
            setAddingPhoto(true);
          }}
        />
        <PhotoDialog
          camera
          isOpen={addingPhoto}
          onOpenChange={setAddingPhoto}
          onDone={(dataUrl) => send({ type: "SET_PHOTO", photo: dataUrl })}
        />
      </>
    );
    const actions = (
      <>
        <Button onPress={() => validate()} isPending={validating}>
          {validating
            ? t("demand:validation.validating")
            : dirty
              ? t("demand:validation.withCorrections")
              : t("demand:validation.asReceived")}
        </Button>
        <Button variant="secondary" isDisabled={validating} onPress={() => validate(true)}>
          {t("demand:validation.validateNext")}
        </Button>
      </>
    );
    body =
      context.view === "review" ? (
        <div className={"flex flex-col gap-6"}>
          {snapshot.matches("failed") && <ErrorPanel message={t(context.errorKey ?? "errors:validateFailed")} />}
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
          <DemandValues
            kind={kind}
            values={context.original}
            photo={currentPhoto(context)}
            name={name}
            referenceData={referenceData}
            lang={lang}
            large
          />
          {dialogs}
          {rejectOn && (
            <RejectDialog
              isOpen={!rejectSnapshot.matches("closed")}
              sending={rejectSnapshot.matches("sending")}
              context={rejectSnapshot.context}
              send={sendReject}
            />
          )}
          <div ref={clearOfActionBar} className={actionBar}>
            {actions}
            <Button id={editId} variant="secondary" isDisabled={validating} onPress={() => send({ type: "OPEN_FORM" })}>
              {t("demand:review.edit")}
            </Button>
            {rejectOn && (
              <Button
                variant="secondary"
                isDisabled={validating}
                onPress={() => sendReject({ type: "OPEN", status: "correction" })}
              >
                {t("demand:reject.open")}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div className={"flex flex-col gap-6"}>
          <ErrorSummary errors={summary} />
          {snapshot.matches("failed") && <ErrorPanel message={t(context.errorKey ?? "errors:validateFailed")} />}
          <p className="text-sm text-fg-muted">{t("demand:validation.editHint")}</p>
          {kind.form.sections.map((section) => (
            <Section
              key={section.id}
              title={t(section.titleKey)}
              className="rounded-xl border border-border bg-surface p-4 sm:p-6"
            >
              <div className="grid gap-4 sm:grid-cols-2">
                {section.fields.map((field) =>
                  isPhoto(field) ? (
                    <DemandPhoto
                      key={field.name}
                      id={fieldId(field.name)}
                      label={t(field.labelKey)}
                      alt={t("demand:validation.photoAlt", { name })}
                      photo={currentPhoto(context)}
                      changed={context.photo !== null}
                      error={errorOf("photo")}
                      onChange={(photo) => send({ type: "SET_PHOTO", photo })}
                    />
                  ) : (
                    <div key={field.name} className={field.input.type === "textarea" ? "sm:col-span-2" : undefined}>
                      <FieldControl
                        audience="agent"
                        field={field}
                        values={values}
                        error={errorOf(field.name)}
                        referenceData={referenceData}
                        listsStatus={referenceData && loaded ? "ready" : listsFailed ? "failed" : "loading"}
                        lang={lang}
                        labelOfField={labelOfField}
                        onChange={(value) => edit(field, value)}
                      />
                    </div>
                  ),
                )}
              </div>
            </Section>
          ))}
          {warnings.length > 0 && (
            <section
              aria-labelledby={`${titleId}-warnings`}
              className="rounded-lg border border-warning-fg/40 bg-warning-bg p-4 text-sm text-warning-fg"
            >
              <h2 id={`${titleId}-warnings`} className="font-semibold">
                {t("demand:validation.storedProblemsTitle")}
              </h2>
              <p className="mt-1">{t("demand:validation.storedProblemsBody")}</p>
              <ul className="mt-2 list-disc pl-5">
                {warnings.map((warning) => (
                  <li key={warning.fieldId}>
                    <a href={`#${warning.fieldId}`} className="underline">
                      {warning.message}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {dialogs}
          <AlertDialog
            isOpen={confirmingCancel}
            onOpenChange={setConfirmingCancel}
            title={t("demand:cancelEdit.title")}
            confirmLabel={t("demand:cancelEdit.confirm")}
            cancelLabel={t("demand:cancelEdit.keep")}
            onConfirm={closeForm}
          >
            {t("demand:cancelEdit.body")}
          </AlertDialog>
          <div ref={clearOfActionBar} className={actionBar}>
            {actions}
            <Button
              variant="secondary"
              isDisabled={validating}
              onPress={() => (dirty ? setConfirmingCancel(true) : closeForm())}
            >
              {t("common:actions.cancel")}
            </Button>
            {dirty && (
              <Button
                variant="secondary"
                isDisabled={validating}
                onPress={() => {
                  send({ type: "RESET" });
                  setSummary([]);
                }}
              >
                {t("demand:validation.reset")}
              </Button>
            )}
            {/* Said on a phone too, but not drawn there: the bar stays short. */}
            <span className="sr-only text-sm text-fg-muted sm:not-sr-only" aria-live="polite">
              {dirty ? t("demand:validation.dirty") : ""}
            </span>
          </div>
        </div>
      );
  }

  return (
    <section aria-labelledby={titleId} className="flex max-w-5xl flex-col gap-6">
      {header}
      {body}
    </section>
  );
}

/** The student's photo: the stored one (or the new one) with a Change control opening the crop dialog. */
function DemandPhoto({
  id,
  label,
  alt,
  photo,
  changed,
  error,
  onChange,
}: {
  id: string;
  label: string;
  alt: string;
  photo: string | null;
  changed: boolean;
  error: string | undefined;
  onChange: (photo: string | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const errorId = useId();
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-2 sm:col-span-2"
    >
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div className="flex flex-wrap items-end gap-4">
        {photo ? (
          <img src={photo} alt={alt} className="aspect-[35/45] w-28 rounded-md border border-border object-cover" />
        ) : (
          <p className="text-sm text-fg-muted">{t("demand:validation.noPhoto")}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => setOpen(true)}>
            {t("demand:validation.changePhoto")}
          </Button>
          {changed && (
            <Button variant="quiet" onPress={() => onChange(null)}>
              {t("demand:validation.restorePhoto")}
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error.startsWith("validation:") ? t(error) : error}
        </p>
      )}
      <PhotoDialog camera isOpen={open} onOpenChange={setOpen} onDone={(dataUrl) => onChange(dataUrl)} />
    </div>
  );
}

/** A demand's values as on the card: its sections, read-only (the review, or a demand already validated). */
function DemandValues({
  kind,
  values,
  photo,
  name,
  referenceData,
  lang,
  large = false,
}: {
  kind: AnyKind;
  values: Readonly<Record<string, FieldValue>>;
  photo: string | null;
  name: string;
  referenceData: ReferenceData | null;
  lang: Language;
  large?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {kind.form.sections.map((section) => (
        <Section
          key={section.id}
          title={t(section.titleKey)}
          className="rounded-xl border border-border bg-surface p-4 sm:p-6"
        >
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {section.fields.map((field) =>
              isPhoto(field) ? (
                <div key={field.name} className="flex flex-col gap-1 sm:col-span-2">
                  <dt className="text-sm font-medium text-fg-muted">{t(field.labelKey)}</dt>
                  <dd>
                    {photo ? (
                      <img
                        src={photo}
                        alt={t("demand:validation.photoAlt", { name })}
                        className={cx(
                          "aspect-[35/45] rounded-md border border-border object-cover",
                          large ? "w-44" : "w-28",
                        )}
                      />
                    ) : (
                      t("demand:validation.noPhoto")
                    )}
                  </dd>
                </div>
              ) : (
                <div key={field.name} className="flex flex-col gap-0.5">
                  <dt className="text-sm font-medium text-fg-muted">{t(field.labelKey)}</dt>
                  <dd dir="auto" className="break-words">
                    {displayValue(field, values[field.name], referenceData, lang) || t("common:notAvailable")}
                  </dd>
                </div>
              ),
            )}
          </dl>
        </Section>
      ))}
    </>
  );
}
