import { useTranslation } from "react-i18next";
import type { Rejection } from "../../api/schemas";
import { StatusBadge } from "../lists/StatusBadge";

/**
 * A demand's state in words: validated, pending, or (extension `reject`, docs/extensions.md) rejected or sent back
 * for a correction. A backend without the extension never sends a rejection, so its demands read as the spec's.
 */
export function DemandStatusBadge({
  validated,
  rejection,
  renews,
}: {
  readonly validated: boolean;
  readonly rejection?: Rejection | null | undefined;
  /** Extension `lifecycle`: the card a renewal demand renews; a renewal says so beside its state. */
  readonly renews?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const state = <DemandState validated={validated} rejection={rejection} />;
  if (!renews) return state;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {state}
      <StatusBadge tone="neutral">{t("common:status.renewal")}</StatusBadge>
    </span>
  );
}

function DemandState({
  validated,
  rejection,
}: {
  readonly validated: boolean;
  readonly rejection?: Rejection | null | undefined;
}) {
  const { t } = useTranslation();
  if (validated) return <StatusBadge tone="success">{t("common:status.validated")}</StatusBadge>;
  if (rejection?.status === "rejected") return <StatusBadge tone="danger">{t("common:status.rejected")}</StatusBadge>;
  if (rejection?.status === "correction") {
    return <StatusBadge tone="neutral">{t("common:status.correction")}</StatusBadge>;
  }
  return <StatusBadge tone="warning">{t("common:status.pending")}</StatusBadge>;
}
