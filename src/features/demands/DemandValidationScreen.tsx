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
import type { AnyKind } from "../../kinds";
import { storedProblems } from "../../machines/demand-validation-checks";
import type { FieldValue } from "../../machines/demand-validation-context";
import { currentPhoto, missingPhoto } from "../../machines/demand-validation-photo";
import { currentValues, isDirty } from "../../machines/demand-validation-values";
import { announceText } from "../../ui/Button";
import { type FieldErrorItem } from "../../ui/ErrorSummary";
import { Link } from "../../ui/Link";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { demandQueryString, type DemandListSearch } from "../lists/list-query";
import { fieldId } from "../forms/FieldControl";
import { NoPhotoDialogs, ValidateButtons } from "./DemandDecision";
import { useProvidedMachine } from "../../machines/implementations";
import { forgetKeptEdits, readKeptEdits } from "../../machines/kept-edits";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { useCapability } from "../../app/runtime-context";
import { useStorageNotice } from "../../app/storage-notice";
import type { Rejection } from "../../api/schemas";
import { demandRejectMachine } from "../../machines/demand-reject";
import { DemandHeader } from "./DemandHeader";
import { RejectDialog } from "./RejectDialog";
import { DemandEditForm } from "./DemandEditForm";
import { DemandReview } from "./DemandReview";
import { DemandValues } from "./DemandValues";
import { useLang } from "../lists/use-lang";
import { useDemandValidation } from "./use-demand-validation";

export interface DemandValidationScreenProps {
  readonly kind: AnyKind;
  readonly id: string;
  /** The search of the list the agent came from: the way back, and where "Validate and next" looks. */
  readonly listSearch?: DemandListSearch;
}

/**
 * The demand "Validate and next" opened, until its screen has read it: that screen names it in a polite
 * announcement (focus goes to its heading, as after any page change), since its heading is the same as the last one's.
 */
let openedAsNext: { readonly id: string; readonly left: number | null } | null = null;

/** Every decision's toast has this id: the next replaces it (a morning of decisions never stacks toasts). */
const DECISION_TOAST = "demand-decision";

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
  const [snapshot, send, actorRef] = useDemandValidation({
    kind,
    id,
    user: owner.user,
    referenceData,
    kept,
    listSearch: listSearch.search ?? "",
    skipRejected: rejectOn,
  });
  useEffect(() => {
    if (referenceData) send({ type: "REFERENCE_DATA", data: referenceData });
  }, [send, referenceData]);
  useStorageNotice(actorRef);
  // Leaving the page while signed in abandons the edits; a session ended by the server (401) keeps them.
  useEffect(
    () => () => {
      if (session.getSnapshot().context.endedBy !== "unauthorized") forgetKeptEdits(owner);
    },
    [session, owner],
  );
  const [summary, setSummary] = useState<FieldErrorItem[]>([]);
  const [rejectSnapshot, sendReject, rejectRef] = useMachine(useProvidedMachine(demandRejectMachine), {
    input: { kind, id, listSearch: listSearch.search ?? "" },
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
        { description: t("demand:reject.toastBody"), id: DECISION_TOAST },
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

  /** After a decision "and next": the list's next demand waiting for one opens; none left, the list does. */
  const openNext = (nextId: string | null, nextLeft: number | null) => {
    if (nextId === null) toast.info(t("demand:validation.queueEmpty"), { id: DECISION_TOAST });
    openedAsNext = nextId === null ? null : { id: nextId, left: nextLeft };
    void router.navigate({
      href: nextId === null ? listHref : `/dashboard/${kind.id}/demand/validation/${nextId}${listQuery}`,
    });
  };

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
        { description: t("demand:validation.success"), id: DECISION_TOAST },
      );
    });
    const failed = actorRef.on("validationFailed", (event) => {
      toast.error(t(event.messageKey), { id: DECISION_TOAST });
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
    const next = actorRef.on("nextPending", ({ id: nextId, left: nextLeft }) => openNext(nextId, nextLeft));
    // Reject or ask for a correction, and next: the same way on.
    const nextAfterReject = rejectRef.on("nextPending", ({ id: nextId, left: nextLeft }) => openNext(nextId, nextLeft));
    const elsewhere = actorRef.on("validatedElsewhere", ({ by }) => {
      setSummary([]);
      toast.info(
        by ? t("demand:validation.validatedElsewhereBy", { name: by }) : t("demand:validation.validatedElsewhere"),
        { id: DECISION_TOAST },
      );
    });
    return () => {
      next.unsubscribe();
      nextAfterReject.unsubscribe();
      done.unsubscribe();
      failed.unsubscribe();
      elsewhere.unsubscribe();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- t and labels only translate; subscribe once per actor
  }, [actorRef, rejectRef]);

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
    <DemandHeader
      titleId={titleId}
      listHref={listHref}
      demand={demand}
      name={name}
      left={left}
      validated={validated || snapshot.matches("validating")}
      rejection={rejection}
    />
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
    const failedMessage = snapshot.matches("failed") ? t(context.errorKey ?? "errors:validateFailed") : null;

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

    const dialogs = (
      <NoPhotoDialogs
        confirming={snapshot.matches("confirmingNoPhoto")}
        addingPhoto={addingPhoto}
        setAddingPhoto={setAddingPhoto}
        onCancel={() => send({ type: "CANCEL" })}
        onConfirm={() => send({ type: "CONFIRM_NO_PHOTO" })}
        onPhoto={(dataUrl) => send({ type: "SET_PHOTO", photo: dataUrl })}
      />
    );
    const actions = <ValidateButtons validating={validating} dirty={dirty} onValidate={validate} />;
    body =
      context.view === "review" ? (
        <DemandReview
          titleId={titleId}
          failedMessage={failedMessage}
          warnings={warnings}
          noPhoto={missingPhoto(context)}
          rejection={rejection}
          notes={demand?.notes ?? null}
          values={
            <DemandValues
              kind={kind}
              values={context.original}
              corrected={demand?.corrected?.fields}
              photo={currentPhoto(context)}
              name={name}
              referenceData={referenceData}
              lang={lang}
              large
            />
          }
          dialogs={dialogs}
          rejectDialog={
            rejectOn && (
              <RejectDialog
                isOpen={!rejectSnapshot.matches("closed") && !rejectSnapshot.matches("findingNext")}
                sending={rejectSnapshot.matches("sending")}
                context={rejectSnapshot.context}
                send={sendReject}
              />
            )
          }
          actions={actions}
          editId={editId}
          validating={validating}
          onEdit={() => send({ type: "OPEN_FORM" })}
          onReject={rejectOn ? () => sendReject({ type: "OPEN", status: "correction" }) : undefined}
        />
      ) : (
        <DemandEditForm
          kind={kind}
          titleId={titleId}
          name={name}
          summary={summary}
          failedMessage={failedMessage}
          values={values}
          errorOf={errorOf}
          referenceData={referenceData}
          listsStatus={referenceData && loaded ? "ready" : listsFailed ? "failed" : "loading"}
          lang={lang}
          labelOfField={labelOfField}
          onEdit={edit}
          photo={currentPhoto(context)}
          photoChanged={context.photo !== null}
          onPhoto={(photo) => send({ type: "SET_PHOTO", photo })}
          warnings={warnings}
          dialogs={dialogs}
          actions={actions}
          confirmingCancel={confirmingCancel}
          setConfirmingCancel={setConfirmingCancel}
          onClose={closeForm}
          onReset={() => {
            send({ type: "RESET" });
            setSummary([]);
          }}
          dirty={dirty}
          validating={validating}
        />
      );
  }

  return (
    <section aria-labelledby={titleId} className="flex max-w-5xl flex-col gap-6">
      {header}
      {body}
    </section>
  );
}
