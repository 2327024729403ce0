import { useTranslation } from "react-i18next";
import { NativeButton } from "../../ui/NativeButton";
import { Link } from "../../ui/Link";

export interface NotFoundPageProps {
  /** Render as the page's <main id="main"> (when no layout around it provides one). Default: a plain <div>. */
  landmark?: boolean;
}

/** docs/spec.md §2: "Oops! Page Not Found" with Go back (history) and Go Home ("/"). Usable as a router notFoundComponent. */
export function NotFoundPage(props: NotFoundPageProps | object = {}) {
  // `object`: the router passes its own NotFoundRouteProps, which are ignored.
  const landmark = "landmark" in props && props.landmark === true;
  const { t } = useTranslation("errors");
  const Wrapper = landmark ? "main" : "div";
  return (
    <Wrapper
      {...(landmark ? { id: "main", tabIndex: -1 } : {})}
      className="mx-auto flex w-full max-w-xl outline-none flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <p aria-hidden="true" className="text-6xl font-bold text-link">
        404
      </p>
      <h1 className="text-2xl font-semibold text-fg">{t("notFoundTitle")}</h1>
      <p className="text-fg-muted">{t("notFoundBody")}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <NativeButton variant="secondary" onClick={() => window.history.back()}>
          {t("goBack")}
        </NativeButton>
        <Link href="/" variant="primary">
          {t("goHome")}
        </Link>
      </div>
    </Wrapper>
  );
}
