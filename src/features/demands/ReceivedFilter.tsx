import { useTranslation } from "react-i18next";
import type { DemandDates, ReceivedWindow } from "../../machines/demand-list-filter";
import { NativeDayInput } from "../../ui/NativeDayInput";
import { NativeSelect } from "../../ui/NativeSelect";

const NO_DATES: DemandDates = { received: "any", from: null, to: null, oldestFirst: false };

/**
 * The demand lists' `date-filter` controls (docs/extensions.md): when the demand was received (today, this week,
 * between two dates) and oldest first. Shown only when the deployment declares the capability.
 */
export function ReceivedFilter({
  dates,
  onChange,
}: {
  dates: DemandDates | undefined;
  onChange: (dates: DemandDates) => void;
}) {
  const { t } = useTranslation();
  const current = dates ?? NO_DATES;
  const windows: readonly ReceivedWindow[] = ["any", "today", "week", "range"];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <NativeSelect
        label={t("demand:received.label")}
        value={current.received}
        options={windows.map((id) => ({ value: id, label: t(`demand:received.${id}`) }))}
        onChange={(received) => onChange({ ...current, received })}
        className="w-full sm:w-56"
      />
      {current.received === "range" && (
        <>
          <NativeDayInput
            label={t("demand:received.from")}
            value={current.from ?? ""}
            max={current.to ?? undefined}
            onChange={(from) => onChange({ ...current, from: from || null })}
            className="w-full sm:w-44"
          />
          <NativeDayInput
            label={t("demand:received.to")}
            value={current.to ?? ""}
            min={current.from ?? undefined}
            onChange={(to) => onChange({ ...current, to: to || null })}
            className="w-full sm:w-44"
          />
        </>
      )}
      <NativeSelect
        label={t("demand:received.orderLabel")}
        value={current.oldestFirst ? "oldest" : "newest"}
        options={[
          { value: "newest", label: t("demand:received.newest") },
          { value: "oldest", label: t("demand:received.oldest") },
        ]}
        onChange={(order) => onChange({ ...current, oldestFirst: order === "oldest" })}
        className="w-full sm:w-56"
      />
    </div>
  );
}
