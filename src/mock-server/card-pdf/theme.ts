import type { KindId } from "../../api/kind-ids";
import type { Bilingual } from "./types.ts";

/** An RGB colour with components in 0..1 (what pdf-lib's `rgb()` takes). */
export type Rgb = readonly [number, number, number];

export const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.replace("#", ""), 16);
  return [((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255];
};

/** Cameroon-inspired palette: deep forest green with gold, the flag tricolour as a thin edge. */
export const palette = {
  paper: hex("#FBFAF5"),
  band: hex("#0B4A33"),
  bandDeep: hex("#083826"),
  gold: hex("#E2B23A"),
  goldPale: hex("#F4E2AE"),
  ink: hex("#17211D"),
  label: hex("#5D6B64"),
  rule: hex("#D9E0DC"),
  footer: hex("#EEF2EF"),
  white: hex("#FFFFFF"),
  silhouetteBg: hex("#DDE4E0"),
  silhouette: hex("#A3B1AA"),
  blood: hex("#B3261E"),
  flagGreen: hex("#007A5E"),
  flagRed: hex("#CE1126"),
  flagYellow: hex("#FCD116"),
} as const;

export interface KindTheme {
  readonly title: Bilingual;
  /** The back's notice to whoever finds the card: where to return it. */
  readonly finder: Bilingual;
  /** Kind ribbon under the header band. */
  readonly accent: Rgb;
  /** Text colour on the accent ribbon. */
  readonly onAccent: Rgb;
}

/** Where a found card goes back: students' cards to the registry, staff and teacher cards to the personnel office. */
const returnTo = {
  registry: {
    fr: "Carte trouvée ? Scannez le code QR pour vérifier sa validité, puis remettez-la à la scolarité de l’université.",
    en: "Found this card? Scan the QR code to check it is valid, then return it to the university registry.",
  },
  personnel: {
    fr: "Carte trouvée ? Scannez le code QR pour vérifier sa validité, puis remettez-la au service du personnel de l’université.",
    en: "Found this card? Scan the QR code to check it is valid, then return it to the university personnel office.",
  },
} as const;

/** One accent per card kind so a guard can tell them apart at a glance. */
export const kindThemes: Readonly<Record<KindId, KindTheme>> = {
  student: {
    title: { fr: "Carte d’étudiant", en: "Student card" },
    finder: returnTo.registry,
    accent: hex("#E2B23A"),
    onAccent: hex("#2A1E00"),
  },
  staff: {
    title: { fr: "Carte du personnel", en: "Staff card" },
    finder: returnTo.personnel,
    accent: hex("#A8322A"),
    onAccent: hex("#FFFFFF"),
  },
  teacher: {
    title: { fr: "Carte d’enseignant", en: "Teacher card" },
    finder: returnTo.personnel,
    accent: hex("#1F4F8F"),
    onAccent: hex("#FFFFFF"),
  },
};

/** Used when the caller passes no `universityName` (the demo backend normally passes its school label). */
export const defaultUniversityName: Bilingual = {
  fr: "Université de Yaoundé",
  en: "University of Yaoundé",
};

/** Fixed bilingual texts printed on every card. */
export const cardTexts = {
  register: { fr: "Matricule", en: "Reg. no." },
  academicYear: { fr: "Année académique", en: "Acad. year" },
  cardNumber: { fr: "N° de carte", en: "Card no." },
  validUntil: { fr: "Valide jusqu’au", en: "Valid until" },
  birthDate: { fr: "Né(e) le", en: "Born" },
  emergency: { fr: "Informations d’urgence", en: "Emergency information" },
  bloodGroup: { fr: "Groupe sanguin", en: "Blood group" },
  allergies: { fr: "Allergies", en: "Allergies" },
  contactName: { fr: "Personne à prévenir", en: "Emergency contact" },
  contactPhone: { fr: "Téléphone", en: "Phone" },
  scan: { fr: "Scannez pour vérifier", en: "Scan to verify" },
} as const satisfies Record<string, Bilingual>;

/** Bilingual labels for the kind-specific lines (`CardPdfInput.lines`), for callers that build inputs. */
export const lineLabels = {
  faculty: { fr: "Faculté", en: "Faculty" },
  cycle: { fr: "Cycle", en: "Cycle" },
  filiere: { fr: "Filière", en: "Field of study" },
  niveau: { fr: "Niveau", en: "Level" },
  fonction: { fr: "Fonction", en: "Position" },
  service: { fr: "Service", en: "Unit" },
  department: { fr: "Département", en: "Department" },
  grade: { fr: "Grade", en: "Rank" },
} as const satisfies Record<string, Bilingual>;
