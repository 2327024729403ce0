import { useTranslation } from "react-i18next";
import type { Rejection } from "../../api/schemas";
import { formatDateTime } from "../../i18n/format";
import { cx } from "../../ui/classes";
import { rejectionReasonLabel } from "./rejection-reason";

/** On the validation screen: the demand was rejected or sent back for a correction, why, and that it may still be validated. */
export function RejectionNotice({
  rejection,
  headingId,
}: {
  readonly rejection: Rejection;
  readonly headingId: string;
}) {
  const { t } = useTranslation();
  const status = rejection.status === "correction" ? "correction" : "rejected";
  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        "rounded-lg border p-4 text-sm",
        status === "rejected"
          ? "border-error-fg/40 bg-error-bg text-error-fg"
          : "border-warning-fg/40 bg-warning-bg text-warning-fg",
      )}
    >
      <h2 id={headingId} className="font-semibold">
        {t(`demand:reject.noticeTitle.${status}`)}
      </h2>
      <p className="mt-1">{t("demand:reject.noticeReason", { reason: rejectionReasonLabel(t, rejection.reason) })}</p>
      {rejection.comment && (
        <p dir="auto" className="mt-1 whitespace-pre-line">
          {rejection.comment}
        </p>
      )}
      {rejection.at && <p className="mt-1">{t("demand:reject.noticeOn", { date: formatDateTime(rejection.at) })}</p>}
      <p className="mt-2">{t("demand:reject.noticeValidate")}</p>
    </section>
  );
}
