import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { useCapability } from "../../app/runtime-context";
import { Link } from "../../ui/Link";

/** Once a request has its card (validated or printed), where the backend offers it: the card on the phone. */
export function DigitalCardLink({
  kind,
  code,
  state,
}: {
  readonly kind: KindId;
  readonly code: string;
  readonly state: string;
}) {
  const { t } = useTranslation();
  if (!useCapability("digital-card") || (state !== "validated" && state !== "printed")) return null;
  return (
    <Link href={`/digital-card?kind=${kind}&code=${encodeURIComponent(code)}`} variant="primary" className="self-start">
      {t("registration:digital.trackLink")}
    </Link>
  );
}
