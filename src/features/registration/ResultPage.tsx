import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/paths";
import { Link } from "../../ui/Link";
import { NativeButton as Button } from "../../ui/NativeButton";

export interface ResultPageProps {
  /** Kind of the request; null for the generic page. */
  readonly kind: KindId | null;
  /** The applicant's name as entered. */
  readonly name: string;
  /** The demand code the server answered. */
  readonly code: string;
  readonly onNewRequest: () => void;
}

/**
 * Operation result page (spec §2 "approved"): the applicant's name and demand code, a note that an e-mail follows
 * when the card is ready, and a New request button. Focus moves to the heading on mount so screen readers announce
 * the outcome. It shows no toast (the wizard decides that) and no layout (the wizard's page provides it).
 */
export function ResultPage({ kind, name, code, onNewRequest }: ResultPageProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col items-center gap-4 rounded-2xl border-2 border-primary bg-surface p-6 text-center shadow-xs sm:p-8">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-primary text-on-primary">
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false" className="size-8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-fg outline-none sm:text-3xl">
          {kind ? t(`registration:result.titleKind.${kind}`) : t("registration:result.title")}
        </h1>
        <p className="text-base text-fg-muted">{t("registration:result.thanks", { name })}</p>

        <dl className="grid w-full gap-4 text-start sm:grid-cols-2">
          <div className="rounded-xl bg-surface-2 p-4">
            <dt className="text-sm font-medium text-fg-muted">{t("registration:result.nameLabel")}</dt>
            <dd className="mt-1 break-words text-xl font-semibold text-fg">{name}</dd>
          </div>
          <div className="rounded-xl bg-primary-soft p-4">
            <dt className="text-sm font-medium text-fg-muted">{t("registration:result.codeLabel")}</dt>
            <dd className="mt-1 break-all font-mono text-2xl font-bold tracking-wider text-fg">{code}</dd>
          </div>
        </dl>
        <p className="text-sm text-fg-muted">{t("registration:result.keepCode")}</p>
        <p className="w-full rounded-lg bg-info-bg p-3 text-sm font-medium text-info-fg">{t("registration:result.emailNote")}</p>

        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={onNewRequest}>{t("registration:result.newRequest")}</Button>
          <Link href="/" variant="secondary">
            {t("registration:result.home")}
          </Link>
        </div>
      </div>
    </div>
  );
}
