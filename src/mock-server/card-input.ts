import { bloodGroups, type EnumLabel } from "../api/schemas";
import type { AnyKind } from "../kinds";
import type { Bilingual, CardPdfInput } from "./card-pdf/types";
import { academicYear } from "./dates";
import type { DemoDb } from "./db";
import type { CardRecord } from "./models";
import { refLabel, type RefListName } from "./reference-data";
import { validUntil } from "./lifecycle";
import { scalarText } from "../api/scalar-text";

/** Line titles printed on cards, per reference list. */
const lineTitles: Record<RefListName, Bilingual> = {
  faculty: { fr: "Faculté", en: "Faculty" },
  cycle: { fr: "Cycle", en: "Cycle" },
  filiere: { fr: "Filière", en: "Programme" },
  niveau: { fr: "Niveau", en: "Level" },
  department: { fr: "Département", en: "Department" },
  fonction: { fr: "Fonction", en: "Function" },
  grade: { fr: "Grade", en: "Rank" },
  service: { fr: "Service", en: "Service" },
};

/** Lists whose labels run long (a faculty's full name): a row of their own on the card, two lines if needed. */
const wideLists: ReadonlySet<RefListName> = new Set(["faculty", "filiere", "department", "service"]);

/** "O+" stays "O+"; "Inconnu" becomes "Inconnu / Unknown". */
export const bilingualText = (label: EnumLabel | Bilingual | null): string =>
  label === null ? "" : label.fr === label.en ? label.fr : `${label.fr} / ${label.en}`;

/** Public check URL a card's QR code carries (docs/spec.md §2: check/<kind>/card/<token>). */
export const checkUrl = (origin: string, kind: AnyKind, token: string): string =>
  `${origin}/check/${kind.id}/card/${encodeURIComponent(token)}`;

const text = scalarText;

/** "1985-06-15" → "15/06/1985", as the app writes dates; anything else as stored. */
const cardDate = (iso: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
};

/** Resolves a card to the text the renderer prints: reference labels, enum labels, the QR URL. */
export const toCardPdfInput = (db: DemoDb, kind: AnyKind, card: CardRecord, origin: string): CardPdfInput => {
  const demand = db.demandOfCard(card);
  const f = demand.fields;
  const lines = Object.entries(kind.refFields).flatMap(([field, list]) => {
    const label = refLabel(list, typeof f[field] === "number" ? (f[field] as number) : null);
    return label ? [{ label: lineTitles[list], value: label.fr, wide: wideLists.has(list) }] : [];
  });
  const blood =
    typeof f.blood_group === "number" ? ((bloodGroups as Record<number, EnumLabel>)[f.blood_group] ?? null) : null;
  return {
    kind: kind.id,
    code: card.code,
    lastname: text(f.lastname),
    firstname: text(f.firstname),
    register: text(f.register),
    photoBase64: db.photo(demand.photo),
    lines,
    academicYear: academicYear(card.update_at),
    birthDate: cardDate(text(f.birth_at)),
    bloodGroup: bilingualText(blood),
    allergies: text(f.allergies),
    contactName: text(f.contact_person_name),
    contactPhone: text(f.contact_person_phone),
    checkUrl: checkUrl(origin, kind, card.token),
    // The lifecycle extension, which the demo backend implements: the validity end and a replacement's number.
    validUntil: cardDate(validUntil(kind, card) ?? ""),
    sequence: card.life?.sequence ?? 1,
    valid: card.valid,
  };
};
