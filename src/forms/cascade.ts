/**
 * Options of the cascading selects (docs/spec.md §3 mapping lists): the faculties of a school (mapfaculty), the cycles of
 * a school and faculty (mapcycle), the filières of a school, faculty and cycle (mapfiliere) and the levels of a
 * school and cycle (mapniveau). Lists without a mapping (grade, service, school) offer every item. Departments
 * follow the faculty when their rows name one, functions the wizard's card when their rows name one (both read
 * tolerantly: a row naming none is always offered).
 *
 * When a mapping list is entirely empty the institution has not configured that cascade: every item of the child
 * list is offered rather than none (docs/assumptions.md).
 */
import type { Language } from "../i18n/namespaces";
import type { ReferenceData, RefItem } from "../api/schemas";
import type { FormValue, FormValues } from "./values";
import type { KindId } from "../api/kind-ids";

/** One choice of a select: the reference id, its code and its label in the current language. */
export interface Option {
  readonly id: number;
  readonly code: string;
  readonly label: string;
}

/** Reference lists a select may draw its options from. */
export type SelectList =
  | "school"
  | "faculty"
  | "cycle"
  | "filiere"
  | "niveau"
  | "department"
  | "fonction"
  | "grade"
  | "service";

export const optionOf = (item: RefItem, lang: Language): Option => ({
  id: item.id,
  code: item.code,
  label: (lang === "en" ? item.label_en : item.label_fr) || item.label_fr || item.label_en || item.code,
});

/** The label of one reference id, or null when the id is unknown. */
export const labelOf = (data: ReferenceData, list: SelectList, id: unknown, lang: Language): string | null => {
  const item = data[list].find((candidate) => candidate.id === id);
  return item ? optionOf(item, lang).label : null;
};

const asId = (value: FormValue | undefined): number | null => {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The school of a form: students send it as "scholl" (sic), staff and teachers as "school". */
export const schoolOf = (values: FormValues): number | null => asId(values.scholl ?? values.school);

const pick = (items: readonly RefItem[], ids: ReadonlySet<number> | null, lang: Language): Option[] =>
  items.filter((item) => ids === null || ids.has(item.id)).map((item) => optionOf(item, lang));

/** Ids of the child mapped under the given parents, or null ("everything") when the mapping list is empty. */
const mapped = <M extends object>(maps: readonly M[], matches: (row: M) => boolean, child: (row: M) => number) =>
  maps.length === 0 ? null : new Set(maps.filter(matches).map(child));

export const facultyOptions = (data: ReferenceData, school: number | null, lang: Language): Option[] =>
  school === null
    ? []
    : pick(
        data.faculty,
        mapped(
          data.mapfaculty,
          (m) => m.school === school,
          (m) => m.faculty,
        ),
        lang,
      );

export const cycleOptions = (
  data: ReferenceData,
  school: number | null,
  faculty: number | null,
  lang: Language,
): Option[] =>
  school === null || faculty === null
    ? []
    : pick(
        data.cycle,
        mapped(
          data.mapcycle,
          (m) => m.school === school && m.faculty === faculty,
          (m) => m.cycle,
        ),
        lang,
      );

export const filiereOptions = (
  data: ReferenceData,
  school: number | null,
  faculty: number | null,
  cycle: number | null,
  lang: Language,
): Option[] =>
  school === null || faculty === null || cycle === null
    ? []
    : pick(
        data.filiere,
        mapped(
          data.mapfiliere,
          (m) => m.school === school && m.faculty === faculty && m.cycle === cycle,
          (m) => m.filiere,
        ),
        lang,
      );

export const niveauOptions = (
  data: ReferenceData,
  school: number | null,
  cycle: number | null,
  lang: Language,
): Option[] =>
  school === null || cycle === null
    ? []
    : pick(
        data.niveau,
        mapped(
          data.mapniveau,
          (m) => m.school === school && m.cycle === cycle,
          (m) => m.niveau,
        ),
        lang,
      );

/** The departments of a faculty where the rows name theirs; every department before a faculty is chosen. */
export const departmentOptions = (data: ReferenceData, faculty: number | null, lang: Language): Option[] =>
  data.department
    .filter((row) => faculty === null || row.faculty === undefined || row.faculty === null || row.faculty === faculty)
    .map((row) => optionOf(row, lang));

/** The functions of one card: a row naming the other card is left out. */
export const fonctionOptions = (data: ReferenceData, card: KindId | undefined, lang: Language): Option[] =>
  data.fonction
    .filter((row) => card === undefined || !(row.kind === "staff" || row.kind === "teacher") || row.kind === card)
    .map((row) => optionOf(row, lang));

/**
 * The options of a select drawing from `list`, given the current form values. Cascading lists read their parents
 * by server name: the school ("scholl" or "school"), "faculty" and "cycle". `card`: the wizard's card type, for the
 * functions.
 */
export const optionsFor = (
  list: SelectList,
  values: FormValues,
  data: ReferenceData,
  lang: Language,
  card?: KindId,
): Option[] => {
  const school = schoolOf(values);
  switch (list) {
    case "department":
      return departmentOptions(data, asId(values.faculty), lang);
    case "fonction":
      return fonctionOptions(data, card, lang);
    case "faculty":
      return facultyOptions(data, school, lang);
    case "cycle":
      return cycleOptions(data, school, asId(values.faculty), lang);
    case "filiere":
      return filiereOptions(data, school, asId(values.faculty), asId(values.cycle), lang);
    case "niveau":
      return niveauOptions(data, school, asId(values.cycle), lang);
    default:
      return data[list].map((item) => optionOf(item, lang));
  }
};

/** Cascading fields in parent-before-child order: each is checked against the values already pruned. */
const CASCADE: readonly SelectList[] = ["faculty", "cycle", "filiere", "niveau", "department"];

/**
 * Clears (sets to null) the cascading fields whose value no longer fits their parents, e.g. after the faculty
 * changed. Only fields present in `values` are touched; the same object is answered when nothing changed.
 */
export const pruneDependents = (values: FormValues, data: ReferenceData): FormValues => {
  let next = values;
  for (const field of CASCADE) {
    if (!(field in next)) continue;
    const id = asId(next[field]);
    if (id === null) continue;
    if (!optionsFor(field, next, data, "fr").some((option) => option.id === id)) next = { ...next, [field]: null };
  }
  return next;
};
