import { useTranslation } from "react-i18next";
import type { MistakeNote } from "../../api/schemas";
import { formatDateTime } from "../../i18n/format";

/** On the validation screen (extension `correction`): what the applicant reported as a mistake, oldest first. */
export function MistakeNotes({
  notes,
  headingId,
}: {
  readonly notes: readonly MistakeNote[];
  readonly headingId: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-info-fg/40 bg-info-bg p-4 text-sm text-info-fg"
    >
      <h2 id={headingId} className="font-semibold">
        {t("demand:correction.notesTitle", { count: notes.length })}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {notes.map((note, index) => (
          <li key={`${index}-${note.at ?? ""}`}>
            <p dir="auto" className="whitespace-pre-line">
              {note.message}
            </p>
            {note.at && <p className="text-xs">{t("demand:correction.noteOn", { date: formatDateTime(note.at) })}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
