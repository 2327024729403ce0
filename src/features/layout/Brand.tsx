import { useTranslation } from "react-i18next";
import { Link } from "../../ui/Link";

export const Brand = () => {
  const { t } = useTranslation();
  return (
    <Link href="/" variant="plain" className="flex items-center gap-2 text-lg font-semibold text-fg no-underline">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t("common:appName")}</span>
    </Link>
  );
};
