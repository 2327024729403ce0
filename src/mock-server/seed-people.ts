import type { KindId } from "../api/kind-ids";
import { departmentFaculty, referenceData, staffFonctions, teacherFonctions } from "./reference-data";
import type { FieldValue } from "./models";
import type { Rng } from "./random";

/** Invented people with names from across Cameroon (Beti-Ewondo, Bamiléké, Duala, Bassa, North, North-West). */

const lastNames = [
  "Ngoumou",
  "Mbarga",
  "Tchoupo-Ŋkeng",
  "Bèbè",
  "Fotso",
  "Nkemdirim",
  "Abanda",
  "Atangana",
  "Essomba",
  "Owona",
  "Mvondo",
  "Ndzana",
  "Etoundi",
  "Onana",
  "Nkoulou",
  "Tchinda",
  "Kamga",
  "Djoumessi",
  "Tagne",
  "Fokou",
  "Nguefack",
  "Wamba",
  "Kenfack",
  "Talla",
  "Simo",
  "Tchuenté",
  "Ngassa",
  "Ndjock",
  "Eyenga",
  "Mengue",
  "Ngo Bilong",
  "Ébénè",
  "Ndongo",
  "Zambo",
  "Manga",
  "Ékani",
  "Mballa",
  "Nguéma",
  "Fouda",
  "Ayissi",
  "Njoya",
  "Ngwa",
  "Tanyi",
  "Ayuk",
  "Tabi",
  "Nfor",
  "Achu",
  "Ashu",
  "Hamadou",
  "Oumarou",
  "Bello",
  "Moussa",
  "Mbappè Ékwalla",
  "Dikongué",
  "Ebongue",
  "Kotto",
  "Nyobè",
  "Um Nyobè",
  "Bikoï",
  "Nkot",
];
const femaleNames = [
  "Éloïse",
  "Aïcha",
  "Marthe",
  "Brigitte",
  "Solange",
  "Prisca",
  "Chantal",
  "Joséphine",
  "Hortense",
  "Ñama",
  "Clarisse",
  "Estelle",
  "Gwladys",
  "Nadège",
  "Mireille",
  "Rosine",
  "Béatrice",
  "Falone",
  "Ornella",
  "Laure",
  "Hadjara",
  "Ramatou",
  "Mafor",
  "Christelle",
  "Murielle",
  "Irène",
  "Sandrine",
  "Léontine",
  "Thérèse",
  "Ngozi",
];
const maleNames = [
  "Jean-Pierre",
  "Serge",
  "Joël",
  "Hervé",
  "Blaise",
  "Arnaud",
  "Thierry",
  "Landry",
  "Cédric",
  "Brice",
  "Yannick",
  "Aurélien",
  "Franck",
  "Rodrigue",
  "Stéphane",
  "Patrice",
  "Emmanuel",
  "Ousmane",
  "Ibrahim",
  "Achille",
  "Armel",
  "Désiré",
  "Théophile",
  "Boris",
  "Loïc",
  "Wilfried",
  "Valère",
  "Gaël",
  "Ndifor",
  "Étienne",
];
const birthPlaces = [
  "Yaoundé",
  "Douala",
  "Bafoussam",
  "Garoua",
  "Bamenda",
  "Ebolowa",
  "Dschang",
  "Maroua",
  "Ngaoundéré",
  "Bertoua",
  "Kribi",
  "Limbé",
  "Buea",
  "Mbalmayo",
  "Édéa",
  "Nkongsamba",
  "Foumban",
  "Sangmélima",
  "Obala",
  "Mbouda",
];
const allergies = [
  "Aucune",
  "Aucune",
  "Aucune",
  "Aucune",
  "Aucune",
  "Aucune",
  "Pénicilline",
  "Arachides",
  "Aspirine",
  "Fruits de mer",
  "Lactose",
  "Pollen",
  "Sulfamides",
  "Piqûres d'abeille",
  "Chloroquine",
];
const personalDomains = ["gmail.com", "yahoo.fr", "outlook.com", "gmail.com", "yahoo.com"];

/** How each kind's sample people differ: registration numbers, ages, functions, mail domain. */
interface Profile {
  readonly register: (rng: Rng) => string;
  readonly birthYears: readonly [number, number];
  readonly fonctions: readonly number[];
  readonly domains: readonly string[];
}
const profiles: Record<KindId, Profile> = {
  student: {
    register: (rng) =>
      `${rng.int(18, 25)}${"ABCDEFGHJKLMNPQRSTUVWXYZ"[rng.int(0, 23)]}${String(rng.int(0, 9999)).padStart(4, "0")}`,
    birthYears: [1997, 2007],
    fonctions: [],
    domains: personalDomains,
  },
  staff: {
    register: (rng) => `P${String(rng.int(0, 99999)).padStart(5, "0")}`,
    birthYears: [1965, 1998],
    fonctions: staffFonctions,
    domains: ["usa.cm", ...personalDomains],
  },
  teacher: {
    register: (rng) => `EN${String(rng.int(0, 99999)).padStart(5, "0")}`,
    birthYears: [1960, 1990],
    fonctions: teacherFonctions,
    domains: ["usa.cm", "usa.cm", ...personalDomains],
  },
};

const asciiCache = new Map<string, string>();
/** "Tchoupo-Ŋkeng" → "tchoupo-ngkeng" (names repeat, so each is worked out once). */
const ascii = (text: string) => {
  let value = asciiCache.get(text);
  if (value === undefined) {
    value = text
      .replace(/[ŋŊ]/g, "ng")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "");
    asciiCache.set(text, value);
  }
  return value;
};

export const phoneNumber = (rng: Rng): string =>
  `6${rng.pick(["5", "7", "8", "9", "2"])}${String(rng.int(0, 9999999)).padStart(7, "0")}`;

const pad = (n: number) => String(n).padStart(2, "0");

const levelsByCycle = new Map<number, number[]>();
const levelsOf = (cycle: number): number[] => {
  let list = levelsByCycle.get(cycle);
  if (!list)
    levelsByCycle.set(cycle, (list = referenceData.mapniveau.filter((m) => m.cycle === cycle).map((m) => m.niveau)));
  return list;
};
const departmentsByFaculty = new Map<number, number[]>();
const departmentsOf = (faculty: number): number[] => {
  let list = departmentsByFaculty.get(faculty);
  if (!list)
    departmentsByFaculty.set(faculty, (list = departmentFaculty.flatMap((f, i) => (f === faculty ? [i + 1] : []))));
  return list;
};

/** A registration number of the kind's shape that no one in `used` has yet (then added to it). */
export const freshRegister = (rng: Rng, kind: KindId, used: Set<string>): string => {
  let register = profiles[kind].register(rng);
  while (used.has(register)) register = profiles[kind].register(rng);
  used.add(register);
  return register;
};

/**
 * One invented person with every field any kind's demand may carry (server names); the seeder keeps the
 * fields the kind's schema declares. Academic fields follow the map lists, so they are always consistent.
 */
export const personFields = (rng: Rng, kind: KindId, usedRegisters: Set<string>): Record<string, FieldValue> => {
  const profile = profiles[kind];
  const gender = rng.chance(0.5) ? 1 : 2;
  const firstname = rng.pick(gender === 1 ? femaleNames : maleNames);
  const lastname = rng.chance(0.15)
    ? `${rng.pick(lastNames)} ${rng.pick(lastNames)}`.slice(0, 20).trim()
    : rng.pick(lastNames);
  const register = freshRegister(rng, kind, usedRegisters);
  const programme = rng.pick(referenceData.mapfiliere);
  const levels = levelsOf(programme.cycle);
  const departments = departmentsOf(programme.faculty);
  const contactFirst = rng.pick(rng.chance(0.5) ? femaleNames : maleNames);
  const contactName = `${contactFirst} ${rng.pick(lastNames)}`;
  return {
    register,
    firstname,
    lastname,
    birth_at: `${rng.int(...profile.birthYears)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
    birth_place: rng.pick(birthPlaces),
    gender,
    email: `${ascii(firstname)}.${ascii(lastname)}${rng.int(1, 99)}@${rng.pick(profile.domains)}`,
    phone: phoneNumber(rng),
    nid: String(rng.int(100000000, 999999999)),
    contact_person_name: contactName.length <= 15 ? contactName : contactFirst.slice(0, 15),
    contact_person_phone: phoneNumber(rng),
    blood_group: rng.chance(0.08) ? 9 : rng.int(1, 8),
    allergies: rng.pick(allergies),
    scholl: 1,
    school: 1,
    faculty: programme.faculty,
    cycle: programme.cycle,
    filiere: programme.filiere,
    niveau: rng.chance(0.9) && levels.length > 0 ? rng.pick(levels) : null,
    paiement: rng.chance(0.7) ? 2 : 1,
    department: departments.length > 0 ? rng.pick(departments) : rng.int(1, referenceData.department.length),
    fonction: profile.fonctions.length > 0 ? rng.pick(profile.fonctions) : 1,
    grade: rng.int(1, referenceData.grade.length),
    service: rng.int(1, referenceData.service.length),
  };
};
