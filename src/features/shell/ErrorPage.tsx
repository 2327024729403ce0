import { useTranslation } from "react-i18next";
import { NativeButton } from "../../ui/NativeButton";

export interface ErrorPageProps {
  /** i18n key of the message, e.g. "errors:chunkLoad" (default "errors:unexpected"). */
  messageKey?: string;
  /** Already-translated message; wins over messageKey. */
  message?: string;
  /** Defaults to errors:errorPageTitle. */
  title?: string;
  /** Defaults to reloading the page. */
  onReload?: () => void;
  /** Render as the page's <main id="main"> (when no layout around it provides one). Default: a plain <div>. */
  landmark?: boolean;
}

/** Generic error page (docs/spec.md §2): title, message and a reload button. */
export function ErrorPage({
  messageKey = "errors:unexpected",
  message,
  title,
  onReload,
  landmark = false,
}: ErrorPageProps) {
  const { t } = useTranslation("errors");
  const Wrapper = landmark ? "main" : "div";
  return (
    <Wrapper
      {...(landmark ? { id: "main", tabIndex: -1 } : {})}
      className="mx-auto flex w-full max-w-xl outline-none flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-semibold text-fg">{title ?? t("errorPageTitle")}</h1>
      <p role="alert" className="text-fg-muted">
        {message ?? t(messageKey)}
      </p>
      <NativeButton onClick={onReload ?? (() => window.location.reload())}>{t("reload")}</NativeButton>
    </Wrapper>
  );
}
