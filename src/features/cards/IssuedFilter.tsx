import { useTranslation } from "react-i18next";
import { issuedWindows, type CardDates } from "../../machines/card-list-dates";
import { NativeDayInput } from "../../ui/NativeDayInput";
import { NativeSelect } from "../../ui/NativeSelect";

const ANY = "any";

/**
 * The card lists' `date-filter` control (docs/extensions.md): the day the card was issued (today, this week, between
 * two days). Shown only when the deployment declares the capability.
 */
export function IssuedFilter({
  dates,
  onChange,
}: {
  readonly dates: CardDates | null;
  readonly onChange: (dates: CardDates | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t("card:issuedFilter.label")}
        value={dates?.issued ?? ANY}
        options={[ANY, ...issuedWindows].map((id) => ({ value: id, label: t(`card:issuedFilter.${id}`) }))}
        onChange={(value) => {
          const issued = issuedWindows.find((id) => id === value);
          onChange(issued ? { issued, from: dates?.from ?? null, to: dates?.to ?? null } : null);
        }}
        className="w-full sm:w-48"
      />
      {dates?.issued === "range" && (
        <>
          <NativeDayInput
            label={t("card:issuedFilter.from")}
            value={dates.from ?? ""}
            max={dates.to ?? undefined}
            onChange={(from) => onChange({ ...dates, from: from || null })}
            className="w-full sm:w-44"
          />
          <NativeDayInput
            label={t("card:issuedFilter.to")}
            value={dates.to ?? ""}
            min={dates.from ?? undefined}
            onChange={(to) => onChange({ ...dates, to: to || null })}
            className="w-full sm:w-44"
          />
        </>
      )}
    </>
  );
}
