import { useTranslation } from "react-i18next";

/**
 * On a plain-http address other than localhost (the classroom's LAN address), browsers give no camera (nor WebCrypto,
 * whose signature check src/signed/keys.ts then does with a library): the guard is told to paste instead.
 */
export function InsecureNotice({ secure }: { readonly secure: boolean }) {
  const { t } = useTranslation("verify");
  if (secure) return null;
  return (
    <p role="alert" className="rounded-xl border-2 border-warning-fg bg-warning-bg p-4 text-base text-warning-fg">
      {t("insecure")}
    </p>
  );
}
