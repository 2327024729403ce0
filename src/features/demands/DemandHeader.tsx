import { useTranslation } from "react-i18next";
import type { Rejection } from "../../api/schemas";
import { formatDateTime } from "../../i18n/format";
import type { AnyDemand } from "../../machines/demand-validation-context";
import { Link } from "../../ui/Link";
import { DemandStatusBadge } from "./DemandStatusBadge";

/** The validation screen's heading: the way back to the list, and the demand's code, name, date and status. */
export function DemandHeader({
  titleId,
  listHref,
  demand,
  name,
  left,
  validated,
  rejection,
}: {
  titleId: string;
  listHref: string;
  demand: AnyDemand | null;
  name: string;
  /** Pending demands left in the list while working through it with Validate and next. */
  left: number | null;
  validated: boolean;
  rejection: Rejection | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <Link href={listHref} className="w-fit text-sm">
        {t("demand:validation.backToList")}
      </Link>
      <h1 id={titleId} className="text-2xl font-semibold">
        {t("demand:validationTitle")}
      </h1>
      {demand && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <span>
            {t("demand:validation.code")}{" "}
            <span className="font-mono text-fg" data-title-subject>
              {demand.code}
            </span>
          </span>
          <span>{name}</span>
          <span>{t("demand:validation.submittedOn", { date: formatDateTime(demand.insert_at) })}</span>
          {left !== null && <span className="font-medium text-fg">{t("demand:validation.left", { count: left })}</span>}
          <DemandStatusBadge validated={demand.validated || validated} rejection={rejection} renews={demand.renews} />
        </p>
      )}
    </div>
  );
}
