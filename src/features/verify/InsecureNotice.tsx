import { useTranslation } from "react-i18next";

/**
 * On a plain-http address other than localhost (the classroom's LAN address), browsers give neither the camera
 * nor WebCrypto's signature check: the guard is told so, not left with an unexplained "unknown key".
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
