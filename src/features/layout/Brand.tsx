import { useTranslation } from "react-i18next";
import { Link } from "../../ui/Link";

/** The card logo of public/favicon.svg, drawn inline: one request fewer before the first paint. */
const Logo = () => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 64 64"
    width={28}
    height={28}
    aria-hidden="true"
    focusable="false"
  >
    <rect width="64" height="44" x="0" y="10" rx="6" fill="#14532d" />
    <rect width="64" height="10" x="0" y="14" fill="#ca8a04" />
    <circle cx="18" cy="38" r="7" fill="#fef3c7" />
    <rect x="30" y="32" width="26" height="4" rx="2" fill="#fef3c7" />
    <rect x="30" y="40" width="18" height="4" rx="2" fill="#fef3c7" />
  </svg>
);

export const Brand = () => {
  const { t } = useTranslation();
  return (
    <Link
      href="/"
      variant="plain"
      className="flex min-h-11 items-center gap-2 text-lg font-semibold text-fg no-underline"
    >
      <Logo />
      <span>{t("common:appName")}</span>
    </Link>
  );
};
