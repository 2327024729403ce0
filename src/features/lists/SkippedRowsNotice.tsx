import { useTranslation } from "react-i18next";

/**
 * Under a list whose answer held rows the app could not read (src/api/rows.ts): how many were left out, so an agent
 * knows the page is not whole ("1 demande n’a pas pu être affichée"). Nothing when none were.
 */
export function SkippedRowsNotice({
  count,
  textKey,
}: {
  count: number;
  textKey: "demand:skippedRows" | "card:skippedRows" | "agent:skippedRows";
}) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <p role="status" className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
      {t(textKey, { count })}
    </p>
  );
}
