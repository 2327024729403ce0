/**
 * Realistic sample cards (one per kind) for the sample CLI, the benchmark, tests and demo seeds.
 * Names use the accents and letters the card must handle (É, ï, è, Ñ, Ŋ, ’).
 */
import type { KindId } from "../../api/kind-ids";
import { samplePortraitBase64, type PortraitStyle } from "./sample-photo.ts";
import { lineLabels } from "./theme.ts";
import type { CardPdfInput } from "./types.ts";

export const DEFAULT_SAMPLE_ORIGIN = "http://127.0.0.1:5173";

/** Public check URL for a card token (docs/spec.md §2: check/{kind}/card/{token}); the token is URL-encoded (docs/spec.md §5). */
export const checkUrlFor = (kind: KindId, token: string, origin = DEFAULT_SAMPLE_ORIGIN): string =>
  `${origin}/check/${kind}/card/${encodeURIComponent(token)}`;

const portraitStyles: Readonly<Record<KindId, PortraitStyle>> = {
  student: { skin: "#8D5A3B", hair: "#1E1512", shirt: "#2F6B4F", backdrop: "#C9D6E2", hairLength: 1 },
  staff: { skin: "#6B4129", hair: "#17110E", shirt: "#7A2E2A", backdrop: "#D8D3C8" },
  teacher: { skin: "#A06A45", hair: "#2A211C", shirt: "#1F3F6E", backdrop: "#CFDCD3" },
};
const portraits = new Map<KindId, string>();

/** Generated passport-style portrait for a kind's sample card (base64 PNG, painted once on first use). */
export const samplePortrait = (kind: KindId): string => {
  let p = portraits.get(kind);
  if (p === undefined) {
    p = samplePortraitBase64(portraitStyles[kind]);
    portraits.set(kind, p);
  }
  return p;
};

/** One card of each kind; `origin` is the site the QR code points to. */
export const sampleCards = (origin = DEFAULT_SAMPLE_ORIGIN): Record<KindId, CardPdfInput> => ({
  student: {
    kind: "student",
    code: "PCSTUD000142",
    lastname: "Ngoumou",
    firstname: "Éloïse Marie",
    register: "21T2345",
    photoBase64: samplePortrait("student"),
    lines: [
      { label: lineLabels.faculty, value: "Faculté des Sciences", wide: true },
      { label: lineLabels.cycle, value: "Licence" },
      { label: lineLabels.filiere, value: "Informatique", wide: true },
      { label: lineLabels.niveau, value: "Niveau 3" },
    ],
    academicYear: "2025-2026",
    birthDate: "12/03/2004",
    bloodGroup: "O+",
    allergies: "Pénicilline, arachides",
    contactName: "Ngoumou Jean",
    contactPhone: "+237 677 12 34 56",
    checkUrl: checkUrlFor("student", "s7Kq+2025/ngoumou=ok", origin),
    valid: true,
  },
  staff: {
    kind: "staff",
    code: "PCPER000037",
    lastname: "Tchoupo-Ŋkeng",
    firstname: "Bèbè Ñama",
    register: "P04518",
    photoBase64: samplePortrait("staff"),
    lines: [
      { label: lineLabels.fonction, value: "Secrétaire principale" },
      { label: lineLabels.service, value: "Service de la scolarité", wide: true },
    ],
    academicYear: "2025-2026",
    birthDate: "15/06/1985",
    bloodGroup: "A+",
    allergies: "Aucune",
    contactName: "Tchoupo Paul",
    contactPhone: "+237 699 45 87 10",
    checkUrl: checkUrlFor("staff", "pr37&tk=Bèbè?v=1", origin),
    valid: true,
  },
  teacher: {
    kind: "teacher",
    code: "PCTEA000058",
    lastname: "Mbarga N’Dongo",
    firstname: "Félicité Ange",
    register: "E11207",
    photoBase64: samplePortrait("teacher"),
    lines: [
      { label: lineLabels.faculty, value: "Faculté des Sciences Économiques et de Gestion", wide: true },
      { label: lineLabels.department, value: "Département d’Économie publique", wide: true },
      { label: lineLabels.grade, value: "Maître de conférences" },
    ],
    academicYear: "2025-2026",
    birthDate: "02/11/1979",
    bloodGroup: "AB-",
    allergies: "Sulfamides, fruits de mer",
    contactName: "Mbarga Rose",
    contactPhone: "+237 655 30 21 09",
    checkUrl: checkUrlFor("teacher", "a+b/c=d?e&f", origin),
    valid: true,
  },
});

/** A worst case for layout tests and visual checks: over-long everything, no photo, invalid. */
export const stressCard = (origin = DEFAULT_SAMPLE_ORIGIN): CardPdfInput => ({
  kind: "student",
  code: "PCSTUD-2025-FACULTE-DES-SCIENCES-000000000142",
  lastname: "Ngoumou-Tchoupo-Ŋkeng-Mbarga-N’Dongo-Essomba-Atangana Ébénézer",
  firstname: "Éloïse Marie-Thérèse Bèbè Ñama Félicité Ange Ornella Christelle Ndeye",
  register: "21T2345XXXXXXXXXXXXXXXXXXXXXX",
  photoBase64: null,
  lines: [
    {
      label: lineLabels.faculty,
      value:
        "Faculté des Sciences Économiques et de Gestion Appliquées à l’Économie Publique et au Développement Durable",
      wide: true,
    },
    {
      label: { fr: "Cycle d’études supérieures professionnelles", en: "Professional higher studies cycle" },
      value: "Master professionnel en alternance",
    },
    {
      label: lineLabels.filiere,
      value: "Informatique fondamentale, réseaux, télécommunications et sécurité des systèmes d’information",
      wide: true,
    },
    { label: lineLabels.niveau, value: "Niveau 5" },
  ],
  academicYear: "2025-2026 (session de rattrapage prolongée)",
  validUntil: "30/09/2026 (prolongée jusqu’à la fin de la session de rattrapage)",
  sequence: 12,
  birthDate: "31/12/1999",
  bloodGroup: "Inconnu / Unknown",
  allergies:
    "Pénicilline, amoxicilline, sulfamides, arachides, fruits de mer, lactose, piqûres d’abeilles, pollen de graminées, latex, aspirine et anti-inflammatoires non stéroïdiens",
  contactName: "Mbarga N’Dongo Félicité Ange Marie-Thérèse Christelle",
  contactPhone: "+237 677 12 34 56 / +237 699 45 87 10 / +237 655 30 21 09",
  checkUrl: checkUrlFor("student", "a+b/c=d?e&f".repeat(6), origin),
  valid: false,
});
