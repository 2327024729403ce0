import { memo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { useSignedIn } from "../../session";
import { Link } from "../../ui/Link";
import { Brand } from "./Brand";
import { Preferences } from "./Preferences";
import { SkipLink } from "./SkipLink";

/**
 * Header, main and footer of the public pages. `termsKind`: the card type the page is about (a wizard), whose terms
 * the footer links to; the student terms otherwise.
 */
export const PublicLayout = ({
  children,
  termsKind = "student",
}: {
  children: ReactNode;
  termsKind?: KindId | undefined;
}) => (
  <div className="flex min-h-dvh flex-col bg-bg text-fg">
    <SkipLink />
    <PublicHeader />
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      {children}
    </main>
    <PublicFooter termsKind={termsKind} />
  </div>
);

// Header and footer render on their own: a page's every change (a wizard's keystroke, its next step) leaves them be.
const PublicHeader = memo(function PublicHeader() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <header className="border-b border-border bg-surface print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 short-phone:gap-1 short-phone:py-1">
        <Brand />
        <nav aria-label={t("nav:public")} className="flex flex-wrap items-center gap-2">
          <Link href="/registration" variant="quiet" size="sm">
            {t("nav:registration")}
          </Link>
          {signedIn ? (
            <Link href="/dashboard" variant="secondary" size="sm">
              {t("nav:dashboard")}
            </Link>
          ) : (
            <Link href="/auth" variant="secondary" size="sm">
              {t("nav:signIn")}
            </Link>
          )}
          <Preferences />
        </nav>
      </div>
    </header>
  );
});

const PublicFooter = memo(function PublicFooter({ termsKind }: { termsKind: KindId }) {
  const { t } = useTranslation();
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className="border-t border-border bg-surface print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-fg-muted">
        <span>{t("common:footer", { year })}</span>
        <span className="flex gap-4">
          <Link href={`/terms/${termsKind}`}>{t("auth:terms")}</Link>
          <Link href="/privacy">{t("auth:privacy")}</Link>
        </span>
      </div>
    </footer>
  );
});
