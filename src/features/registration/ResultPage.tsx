import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { useCapability } from "../../app/runtime-context";
import { formatDateTime } from "../../i18n/format";
import { Link } from "../../ui/Link";
import { NativeButton as Button } from "../../ui/NativeButton";
import { cx, nativeFocusRing } from "../../ui/classes";
import { OfficeContact } from "../track/OfficeContact";

/** The wizard's "sent" toast: it belongs to the result page and closes when the applicant leaves it. */
export const SENT_TOAST_ID = "registration-sent";

export interface ResultPageProps {
  /** Kind of the request; null for the generic page. */
  readonly kind: KindId | null;
  /** The applicant's name as entered (null when this tab did not keep it: another device, storage refused). */
  readonly name: string | null;
  /** The demand code the server answered. */
  readonly code: string;
  /** When the request was sent (ms), when known. */
  readonly sentAt?: number | null;
  readonly onNewRequest: () => void;
}

/**
 * Operation result page (docs/spec.md §2 "approved"): the applicant's name and demand code, a note that an e-mail follows
 * when the card is ready, and a New request button. Focus moves to the heading on mount so screen readers announce
 * the outcome. It shows no toast (the wizard decides that) and no layout (its route provides it).
 *
 * It is also the receipt: the kind, the date, what happens next and the office's contact are on it, and printed
 * (or saved as PDF from the print dialog) the page keeps only that card.
 */
export function ResultPage({ kind, name, code, sentAt = null, onNewRequest }: ResultPageProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Extension `track` (docs/extensions.md): the receipt links to the tracking page only where the backend offers it.
  const trackOn = useCapability("track");
  // Extension `correction`: a mistake is reported from the tracking page, where the registration number is typed.
  const correctionOn = useCapability("correction");
  const trackHref = `/track?kind=${kind ?? ""}&code=${encodeURIComponent(code)}`;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14 print:max-w-none print:p-0">
      <section
        aria-label={t("registration:result.receiptLabel")}
        className="flex flex-col items-center gap-4 rounded-2xl border-2 border-primary bg-surface p-6 text-center shadow-xs sm:p-8 print:shadow-none"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-primary text-on-primary">
          <svg
            viewBox="0 0 24 24"
            width="32"
            height="32"
            aria-hidden="true"
            focusable="false"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 ref={heading} tabIndex={-1} className={cx("text-2xl font-bold text-fg sm:text-3xl", nativeFocusRing)}>
          {kind ? t(`registration:result.titleKind.${kind}`) : t("registration:result.title")}
        </h1>
        {name !== null && <p className="text-base text-fg-muted">{t("registration:result.thanks", { name })}</p>}

        <dl className="grid w-full gap-4 text-start sm:grid-cols-2">
          {name !== null && (
            <div className="rounded-xl bg-surface-2 p-4">
              <dt className="text-sm font-medium text-fg-muted">{t("registration:result.nameLabel")}</dt>
              <dd className="mt-1 break-words text-xl font-semibold text-fg">{name}</dd>
            </div>
          )}
          <div className="rounded-xl bg-primary-soft p-4">
            <dt className="text-sm font-medium text-fg-muted">{t("registration:result.codeLabel")}</dt>
            <dd className="mt-1 break-all font-mono text-2xl font-bold tracking-wider text-fg">{code}</dd>
          </div>
          {kind && (
            <div className="rounded-xl bg-surface-2 p-4">
              <dt className="text-sm font-medium text-fg-muted">{t("registration:result.kindLabel")}</dt>
              <dd className="mt-1 text-base font-semibold text-fg">{t(`registration:result.kind.${kind}`)}</dd>
            </div>
          )}
          {sentAt !== null && (
            <div className="rounded-xl bg-surface-2 p-4">
              <dt className="text-sm font-medium text-fg-muted">{t("registration:result.sentLabel")}</dt>
              <dd className="mt-1 text-base font-semibold tabular-nums text-fg">{formatDateTime(sentAt)}</dd>
            </div>
          )}
        </dl>
        <p className="text-sm text-fg-muted">{t("registration:result.keepCode")}</p>
        {kind && trackOn && (
          <div className="flex w-full flex-col items-start gap-1 rounded-lg border border-border p-3 text-start text-sm">
            <p className="text-fg-muted">{t("registration:track.linkFromResultHint")}</p>
            <Link href={trackHref} className="inline-flex min-h-11 items-center font-medium">
              {t("registration:track.linkFromResult")}
            </Link>
            {correctionOn && (
              <>
                <p className="mt-2 text-fg-muted">{t("registration:report.fromReceiptHint")}</p>
                <Link href={trackHref} className="inline-flex min-h-11 items-center font-medium">
                  {t("registration:report.open")}
                </Link>
              </>
            )}
            {/* Printed, a link is its address. */}
            <span className="hidden font-mono print:inline">{`${location.origin}/track`}</span>
          </div>
        )}
        <div className="w-full rounded-lg bg-info-bg p-3 text-start text-sm text-info-fg">
          <p className="font-semibold">{t("registration:result.nextTitle")}</p>
          <p>{t("registration:result.next")}</p>
          <p className="font-medium">{t("registration:result.emailNote")}</p>
        </div>
        {!trackOn && <p className="w-full text-start text-sm text-fg">{t("registration:result.mistakeNoTrack")}</p>}
        <OfficeContact title={t("registration:result.officeTitle")} />

        <div className="flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center print:hidden">
          <Button variant="secondary" onClick={() => window.print()}>
            {t("registration:result.print")}
          </Button>
          <Button onClick={onNewRequest}>{t("registration:result.newRequest")}</Button>
          <Link href="/" variant="secondary">
            {t("registration:result.home")}
          </Link>
        </div>
      </section>
    </div>
  );
}
