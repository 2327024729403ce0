import { useTranslation } from "react-i18next";
import { kindIds } from "../../api/kind-ids";
import type { Trust } from "../../browser/verify-trust";
import { listDate } from "./verify-format";

/** What the checker holds: whether it has keys, the date of its oldest kept list, and whether it is offline. */
export function TrustStatus({
  online,
  loading,
  refreshing,
  trust,
}: {
  readonly online: boolean;
  readonly loading: boolean;
  readonly refreshing: boolean;
  readonly trust: Trust;
}) {
  const { t } = useTranslation("verify");
  const held = kindIds.flatMap((kind) => {
    const entry = trust.prepared[kind];
    return entry ? [entry] : [];
  });
  const lists = held.flatMap((entry) => (entry.list ? [entry.list.issuedAt] : []));
  const oldest = lists.length > 0 ? Math.min(...lists) : null;
  const parts = [
    online ? null : t("trust.offline"),
    loading
      ? t("trust.loading")
      : refreshing
        ? t("trust.refreshing")
        : held.length === 0
          ? t("trust.none")
          : oldest === null
            ? t("trust.noList")
            : t("trust.list", { date: listDate(oldest) }),
  ].filter((part): part is string => part !== null);
  return <p className="text-sm font-medium text-fg">{parts.join(" · ")}</p>;
}
