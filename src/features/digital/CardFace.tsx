import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import type { DigitalCard } from "../../api/schemas";
import { photoSource } from "../../machines/card-check-view";

/** The card's face as the plastic prints it: photo, names, code, registration number, units, validity. */
export function CardFace({ kind, card }: { readonly kind: KindId; readonly card: DigitalCard["card"] }) {
  const { t, i18n } = useTranslation();
  const name = `${card.firstname} ${card.lastname}`.trim();
  const photo = photoSource(card.photo_str);
  const rows: ReadonlyArray<readonly [string, string]> = [
    [t("registration:digital.face.code"), card.code],
    [t("registration:digital.face.register"), card.register],
    ...(card.birth_at ? [[t("registration:digital.face.birth"), card.birth_at] as const] : []),
    ...(card.lines ?? []).map(
      (line) => [i18n.language === "en" && line.label_en ? line.label_en : line.label, line.value] as const,
    ),
    ...(card.valid_until ? [[t("registration:digital.face.validUntil"), card.valid_until] as const] : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold tracking-wide uppercase">{t(`registration:result.kind.${kind}`)}</p>
      <div className="flex items-start gap-4">
        {photo ? (
          <img
            src={photo}
            alt={t("registration:digital.face.photo", { name })}
            className="h-32 w-24 shrink-0 rounded-lg border border-border object-cover"
          />
        ) : null}
        <p className="min-w-0 text-xl font-bold break-words">{name}</p>
      </div>
      {/* Labels wrap within two fifths of the width, so that a code or a faculty's words keep whole on a 360 px phone. */}
      <dl className="grid grid-cols-[fit-content(40%)_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="min-w-0 break-words text-fg-muted">{label}</dt>
            <dd className="min-w-0 font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
