import type { ReferenceData, RefItem } from "../api/schemas";
import { SCHOOL_ID } from "../api/schemas";

/**
 * The demo institution (docs/spec.md §1: one school, code 1) and its reference lists, labelled in French and English.
 * The map lists are derived from the same tables, so they always agree with the items.
 */

type Item = readonly [code: string, fr: string, en: string];
const items = (rows: ReadonlyArray<Item>): RefItem[] =>
  rows.map(([code, label_fr, label_en], i) => ({ id: i + 1, code, label_fr, label_en }));

const withFaculty = (rows: ReadonlyArray<Item>) =>
  items(rows).map((row, i) => ({ ...row, faculty: departmentFaculty[i] ?? null }));

const withCard = (rows: ReadonlyArray<Item>) =>
  items(rows).map((row) => ({
    ...row,
    kind: teacherFonctions.some((id) => id === row.id) ? "teacher" : "staff",
  }));

export const UNIVERSITY = { fr: "Université de la Sanaga", en: "University of Sanaga" } as const;

const school = items([["USA", UNIVERSITY.fr, UNIVERSITY.en]]);

const faculty = items([
  ["FS", "Faculté des Sciences", "Faculty of Science"],
  ["FALSH", "Faculté des Arts, Lettres et Sciences Humaines", "Faculty of Arts, Letters and Social Sciences"],
  ["FMSB", "Faculté de Médecine et des Sciences Biomédicales", "Faculty of Medicine and Biomedical Sciences"],
  ["FSJP", "Faculté des Sciences Juridiques et Politiques", "Faculty of Law and Political Science"],
  ["FSEG", "Faculté des Sciences Économiques et de Gestion", "Faculty of Economics and Management"],
]);

const cycle = items([
  ["LICENCE", "Licence", "Bachelor"],
  ["MASTER", "Master", "Master"],
  ["DOCTORAT", "Doctorat", "Doctorate"],
]);

/** Levels with the cycle (1 Licence, 2 Master, 3 Doctorat) each belongs to. */
const levels: ReadonlyArray<readonly [code: string, cycle: number]> = [
  ["L1", 1],
  ["L2", 1],
  ["L3", 1],
  ["M1", 2],
  ["M2", 2],
  ["D1", 3],
  ["D2", 3],
  ["D3", 3],
];
const niveau = levels.map(([code], i) => {
  const year = code.slice(1);
  const [fr, en] = code.startsWith("L")
    ? [`Licence ${year}`, `Bachelor year ${year}`]
    : code.startsWith("M")
      ? [`Master ${year}`, `Master year ${year}`]
      : [`Doctorat ${year}`, `Doctorate year ${year}`];
  return { id: i + 1, code, label_fr: `${fr} (${code})`, label_en: `${en} (${code})` };
});

/** Filières with their faculty (1-based index above) and the cycles that offer them. */
const programmes: ReadonlyArray<
  readonly [code: string, fr: string, en: string, faculty: number, cycles: readonly number[]]
> = [
  ["INF", "Informatique", "Computer Science", 1, [1, 2, 3]],
  ["MAT", "Mathématiques", "Mathematics", 1, [1, 2, 3]],
  ["PHY", "Physique", "Physics", 1, [1, 2, 3]],
  ["CHI", "Chimie", "Chemistry", 1, [1, 2]],
  ["BIO", "Biologie et Physiologie Végétales", "Plant Biology and Physiology", 1, [1, 2, 3]],
  ["HIS", "Histoire", "History", 2, [1, 2, 3]],
  ["GEO", "Géographie", "Geography", 2, [1, 2]],
  ["LMF", "Lettres Modernes Françaises", "Modern French Literature", 2, [1, 2, 3]],
  ["LEA", "Langues Étrangères Appliquées", "Applied Foreign Languages", 2, [1, 2]],
  ["SOC", "Sociologie", "Sociology", 2, [1, 2, 3]],
  ["MED", "Médecine Générale", "General Medicine", 3, [3]],
  ["PHA", "Pharmacie", "Pharmacy", 3, [1, 3]],
  ["SBM", "Sciences Biomédicales", "Biomedical Sciences", 3, [1, 2]],
  ["DPR", "Droit Privé", "Private Law", 4, [1, 2, 3]],
  ["DPU", "Droit Public", "Public Law", 4, [1, 2, 3]],
  ["SPO", "Science Politique", "Political Science", 4, [1, 2]],
  ["ECO", "Économie", "Economics", 5, [1, 2, 3]],
  ["GES", "Gestion des Entreprises", "Business Management", 5, [1, 2]],
  ["FCO", "Finance et Comptabilité", "Finance and Accounting", 5, [1, 2]],
];
const filiere = items(programmes.map(([code, fr, en]) => [code, fr, en] as const));

/**
 * Departments with the faculty they belong to: served on each row (`faculty`, docs/api-contract.md) so the teacher
 * wizard offers the chosen faculty's departments, and used to seed consistent teachers.
 */
export const departmentFaculty: readonly number[] = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5];
const department = withFaculty([
  ["DINF", "Département d'Informatique", "Department of Computer Science"],
  ["DMAT", "Département de Mathématiques", "Department of Mathematics"],
  ["DPHY", "Département de Physique", "Department of Physics"],
  ["DCHI", "Département de Chimie Organique", "Department of Organic Chemistry"],
  ["DBIO", "Département de Biologie Végétale", "Department of Plant Biology"],
  ["DHIS", "Département d'Histoire", "Department of History"],
  ["DGEO", "Département de Géographie", "Department of Geography"],
  ["DLAF", "Département de Langue et Littérature Françaises", "Department of French Language and Literature"],
  ["DLEA", "Département de Langues Étrangères", "Department of Foreign Languages"],
  ["DMIN", "Département de Médecine Interne", "Department of Internal Medicine"],
  ["DPHA", "Département de Pharmacologie", "Department of Pharmacology"],
  ["DSBM", "Département des Sciences Biomédicales", "Department of Biomedical Sciences"],
  ["DDPR", "Département de Droit Privé", "Department of Private Law"],
  ["DDPU", "Département de Droit Public", "Department of Public Law"],
  ["DECO", "Département d'Économie", "Department of Economics"],
  ["DGES", "Département de Gestion", "Department of Management"],
]);

/**
 * Functions: the first ones belong to the teacher card, the rest to the staff card; each row says which (`kind`,
 * docs/api-contract.md), so the staff wizard offers no teaching function.
 */
export const teacherFonctions = [1, 2, 3, 4] as const;
export const staffFonctions = [5, 6, 7, 8, 9, 10, 11, 12] as const;
const fonction = withCard([
  ["ENS", "Enseignant-chercheur", "Lecturer-researcher"],
  ["CDD", "Chef de département", "Head of department"],
  ["VDO", "Vice-doyen", "Vice-dean"],
  ["DOY", "Doyen", "Dean"],
  ["SEC", "Secrétaire", "Secretary"],
  ["CPT", "Comptable", "Accountant"],
  ["BIB", "Bibliothécaire", "Librarian"],
  ["CSE", "Chef de service", "Head of service"],
  ["INF", "Informaticien", "IT officer"],
  ["CHF", "Chauffeur", "Driver"],
  ["AGS", "Agent de sécurité", "Security officer"],
  ["INFI", "Infirmier", "Nurse"],
]);

const grade = items([
  ["ASS", "Assistant", "Assistant Lecturer"],
  ["CC", "Chargé de cours", "Senior Lecturer"],
  ["MC", "Maître de conférences", "Associate Professor"],
  ["PR", "Professeur", "Professor"],
]);

const service = items([
  ["SCO", "Service de la Scolarité", "Registrar's Office"],
  ["BIB", "Bibliothèque Centrale", "Central Library"],
  ["SFI", "Service Financier", "Finance Office"],
  ["SRH", "Ressources Humaines", "Human Resources"],
  ["CIN", "Centre Informatique", "IT Centre"],
  ["SME", "Centre Médico-Social", "Health Centre"],
  ["SOU", "Œuvres Universitaires", "Student Welfare"],
  ["COM", "Cellule de Communication", "Communication Unit"],
  ["SEC", "Service de Sécurité", "Security Service"],
]);

const mapfaculty = faculty.map((f, i) => ({ id: i + 1, school: SCHOOL_ID, faculty: f.id }));
const mapcycle = faculty
  .flatMap((f) =>
    cycle
      .filter((c) => programmes.some(([, , , fac, cycles]) => fac === f.id && cycles.includes(c.id)))
      .map((c) => ({ faculty: f.id, cycle: c.id })),
  )
  .map((m, i) => ({ id: i + 1, school: SCHOOL_ID, ...m }));
const mapfiliere = programmes
  .flatMap(([, , , fac, cycles], i) => cycles.map((c) => ({ faculty: fac, cycle: c, filiere: i + 1 })))
  .map((m, i) => ({ id: i + 1, school: SCHOOL_ID, ...m }));
const mapniveau = levels.map(([, c], i) => ({ id: i + 1, school: SCHOOL_ID, cycle: c, niveau: i + 1 }));

export const referenceData: ReferenceData = {
  school,
  faculty,
  cycle,
  filiere,
  niveau,
  department,
  fonction,
  grade,
  service,
  mapfaculty,
  mapcycle,
  mapfiliere,
  mapniveau,
};

export type RefListName = "faculty" | "cycle" | "filiere" | "niveau" | "department" | "fonction" | "grade" | "service";

export const refLabel = (list: RefListName, id: number | null | undefined): { fr: string; en: string } | null => {
  const item = referenceData[list].find((i) => i.id === id);
  return item ? { fr: item.label_fr, en: item.label_en } : null;
};
