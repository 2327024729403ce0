import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { useMachine } from "@xstate/react";
import { fromPromise } from "xstate";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/paths";
import { bloodGroups, enumLabel } from "../../api/schemas/enums";
import { formatDateTime } from "../../i18n/format";
import { normalizeLanguage } from "../../i18n/namespaces";
import { cardCheckMachine, refLabel, type CardCheckView, type CheckLabels } from "../../machines/card-check";
import { cx } from "../../ui/classes";
import { Link } from "../../ui/Link";
import { NativeButton } from "../../ui/NativeButton";
import { Spinner } from "../../ui/Spinner";
import { useLazyReferenceDataActor } from "../../app/reference-data";
import { PublicLayout } from "../layout/PublicLayout";
import { labelsFromReferenceData } from "./labels";

export interface CardCheckPageProps {
  readonly kind: KindId;
  /** The token as the router gives it (path params arrive decoded once). */
  readonly token: string;
  /** Machine override for tests (stubbed actors); by default labels come from the app's reference data. */
  readonly machine?: typeof cardCheckMachine;
}

type Phase = "loading" | "valid" | "invalid" | "notFound" | "failed";

/**
 * Public card check (spec §2, reached through the card's QR code): the verdict first, large, coloured, worded and
 * with an icon; then the holder (photo, names, registration number, card code, kind fields, academic year) and the
 * emergency information. The holder's own e-mail and phone are never shown (the machine does not even keep them).
 */
export function CardCheckPage({ kind, token, machine }: CardCheckPageProps) {
  const { t } = useTranslation();
  const referenceData = useLazyReferenceDataActor();
  const logic = useMemo(
    () =>
      machine ??
      cardCheckMachine.provide({
        actors: { loadLabels: fromPromise(({ input }) => labelsFromReferenceData(referenceData(), input.names)) },
      }),
    [machine, referenceData],
  );
  const [snapshot, send] = useMachine(logic, { input: { kind, token } });
  const phase: Phase = snapshot.matches({ found: "valid" })
    ? "valid"
    : snapshot.matches({ found: "invalid" })
      ? "invalid"
      : snapshot.matches("notFound")
        ? "notFound"
        : snapshot.matches("failed")
          ? "failed"
          : "loading";

  // Once an answer replaces the spinner, move focus to its heading so it is announced (not on first render).
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef<Phase>(phase);
  useEffect(() => {
    if (previous.current === "loading" && phase !== "loading") heading.current?.focus();
    previous.current = phase;
  }, [phase]);

  const { view, labels, labelsDone, checkedAt, errorKey } = snapshot.context;
  return (
    <PublicLayout>
      {/* While checking, the page fills the screen: the answer then grows it without moving the footer into view. */}
      <div className={cx("mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10", phase === "loading" && "min-h-dvh")}>
        <p className="text-sm font-semibold uppercase tracking-wide text-fg-muted">{t(`check:kindTitle.${kind}`)}</p>
        {phase === "loading" && (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
            <h1 className="text-2xl font-bold text-fg">{t("check:title")}</h1>
            <Spinner size="lg" className="text-link" />
            <p role="status" className="text-lg text-fg-muted">
              {t("check:loading")}
            </p>
          </div>
        )}
        {(phase === "valid" || phase === "invalid") && view && (
          <>
            <Verdict valid={phase === "valid"} checkedAt={checkedAt} headingRef={heading} />
            <Holder view={view} labels={labels} labelsDone={labelsDone} />
            <Emergency view={view} />
            <p className="text-sm text-fg-muted">{t("check:privacyNote")}</p>
          </>
        )}
        {phase === "notFound" && (
          <div className="flex flex-col items-start gap-4 rounded-2xl border-2 border-border-strong bg-surface p-6">
            <StatusIcon kind="unknown" />
            <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-fg outline-none sm:text-4xl">
              {t("check:notFound")}
            </h1>
            <p className="text-lg text-fg-muted">{t("check:notFoundBody")}</p>
            <Link href="/" variant="secondary">
              {t("errors:goHome")}
            </Link>
          </div>
        )}
        {phase === "failed" && (
          <div className="flex flex-col items-start gap-4 rounded-2xl border-2 border-border-strong bg-surface p-6">
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-fg outline-none sm:text-3xl">
              {t("check:failedTitle")}
            </h1>
            <p role="alert" className="rounded-lg bg-danger-bg p-3 text-base text-danger-fg">
              {t(errorKey ?? "errors:generic")}
            </p>
            <NativeButton onClick={() => send({ type: "RETRY" })} className="min-h-12 px-6 text-base">
              {t("common:actions.retry")}
            </NativeButton>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}

const StatusIcon = ({ kind }: { kind: "valid" | "invalid" | "unknown" }) => (
  <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false" className="size-14 shrink-0 sm:size-16">
    <circle cx="24" cy="24" r="22" fill="currentColor" opacity={kind === "unknown" ? 0.15 : 0.2} />
    <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
    {kind === "valid" && <path d="M14 24.5l7 7L34 17" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />}
    {kind === "invalid" && <path d="M16 16l16 16M32 16L16 32" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />}
    {kind === "unknown" && (
      <>
        <path d="M18.5 19a5.5 5.5 0 1 1 8 4.9c-1.6.8-2.5 2-2.5 3.6V29" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="35" r="2.2" fill="currentColor" />
      </>
    )}
  </svg>
);

const Verdict = ({
  valid,
  checkedAt,
  headingRef,
}: {
  valid: boolean;
  checkedAt: number | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) => {
  const { t } = useTranslation();
  return (
    <div
      data-testid="check-verdict"
      data-verdict={valid ? "valid" : "invalid"}
      className={cx(
        "flex items-center gap-4 rounded-2xl p-5 shadow-xs sm:gap-6 sm:p-6",
        valid ? "bg-primary text-on-primary" : "bg-danger text-on-danger",
      )}
    >
      <StatusIcon kind={valid ? "valid" : "invalid"} />
      <div className="flex min-w-0 flex-col gap-1">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold uppercase leading-tight tracking-wide outline-none sm:text-5xl">
          {valid ? t("check:valid") : t("check:invalid")}
        </h1>
        <p className="text-base font-medium sm:text-lg">{valid ? t("check:validDetail") : t("check:invalidDetail")}</p>
        {checkedAt !== null && <p className="text-sm">{t("check:checkedAt", { date: formatDateTime(checkedAt) })}</p>}
      </div>
    </div>
  );
};

const Field = ({ label, children, large = false }: { label: string; children: ReactNode; large?: boolean }) => (
  <div className="flex min-w-0 flex-col">
    <dt className="text-sm font-medium text-fg-muted">{label}</dt>
    <dd className={cx("break-words font-semibold text-fg", large ? "text-xl" : "text-base")}>{children}</dd>
  </div>
);

const Holder = ({ view, labels, labelsDone }: { view: CardCheckView; labels: CheckLabels; labelsDone: boolean }) => {
  const { t, i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  const name = `${view.firstname} ${view.lastname}`.trim();
  const value = (text: string) => text || t("check:notProvided");
  return (
    <section aria-labelledby="check-holder" className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 id="check-holder" className="text-xl font-semibold text-fg">
        {t("check:holder.title")}
      </h2>
      <div className="flex flex-col gap-5 sm:flex-row">
        {view.photo ? (
          <img
            src={view.photo}
            alt={t("check:holder.photoAlt", { name })}
            width={128}
            height={160}
            className="h-40 w-32 shrink-0 rounded-lg border border-border bg-surface-2 object-cover"
          />
        ) : (
          <div className="flex h-40 w-32 shrink-0 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border-strong bg-surface-2 p-2 text-center text-sm text-fg-muted">
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" fill="currentColor">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c.8-4.5 4-7 8-7s7.2 2.5 8 7z" />
            </svg>
            {t("check:holder.noPhoto")}
          </div>
        )}
        <dl className="grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label={t("check:holder.lastname")} large>
            {value(view.lastname)}
          </Field>
          <Field label={t("check:holder.firstname")} large>
            {value(view.firstname)}
          </Field>
          <Field label={t("check:holder.register")}>
            <span className="font-mono">{value(view.register)}</span>
          </Field>
          <Field label={t("check:holder.code")}>
            <span className="font-mono">{value(view.code)}</span>
          </Field>
          {view.refs.map((ref) => (
            <Field key={ref.field} label={t(`check:fields.${ref.field}`)}>
              {refLabel(labels, ref, lang) ??
                (ref.id === null ? (
                  t("check:notProvided")
                ) : labelsDone ? (
                  String(ref.id)
                ) : (
                  <span className="text-fg-muted" aria-busy="true">
                    {t("check:labelLoading")}
                  </span>
                ))}
            </Field>
          ))}
          <Field label={t("check:holder.academicYear")}>{value(view.academicYear)}</Field>
        </dl>
      </div>
    </section>
  );
};

const Emergency = ({ view }: { view: CardCheckView }) => {
  const { t, i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  const { bloodGroup, allergies, contactName, contactPhone } = view.emergency;
  return (
    <section aria-labelledby="check-emergency" className="flex flex-col gap-4 rounded-2xl border-2 border-danger bg-surface p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-danger text-on-danger">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="currentColor">
            <path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" />
          </svg>
        </span>
        <div>
          <h2 id="check-emergency" className="text-xl font-semibold text-fg">
            {t("check:emergency.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("check:emergency.intro")}</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label={t("check:emergency.bloodGroup")} large>
          {bloodGroup === undefined ? t("check:notProvided") : enumLabel(bloodGroups, bloodGroup, lang)}
        </Field>
        <Field label={t("check:emergency.allergies")} large>
          {allergies.trim() || t("check:emergency.noAllergies")}
        </Field>
        <Field label={t("check:emergency.contactName")}>{contactName || t("check:notProvided")}</Field>
        <Field label={t("check:emergency.contactPhone")}>
          {contactPhone ? (
            <Link
              href={`tel:${contactPhone.replace(/[^\d+]/g, "")}`}
              aria-label={t("check:emergency.call", { name: contactName || t("check:emergency.contactName"), phone: contactPhone })}
              className="inline-flex min-h-11 items-center text-xl"
            >
              {contactPhone}
            </Link>
          ) : (
            t("check:notProvided")
          )}
        </Field>
      </dl>
    </section>
  );
};
