import { Schema } from "effect";
import { RefId } from "./common";

export const RefItem = Schema.Struct({
  id: RefId,
  code: Schema.String,
  label_en: Schema.String,
  label_fr: Schema.String,
});
export type RefItem = Schema.Schema.Type<typeof RefItem>;

/**
 * A department may name its faculty (not in spec §7's rows; read when present, docs/api-contract.md): the teacher
 * wizard then offers the departments of the chosen faculty. Absent or null, the department is offered under any.
 */
export const DepartmentItem = Schema.Struct({
  ...RefItem.fields,
  faculty: Schema.optional(Schema.NullOr(RefId)),
});
/**
 * A function may name the card it belongs to, "staff" or "teacher" (not in spec §7's rows; read when present,
 * docs/api-contract.md): each wizard then leaves out the other card's functions. Any other value names no card.
 */
export const FonctionItem = Schema.Struct({
  ...RefItem.fields,
  kind: Schema.optional(Schema.NullOr(Schema.String)),
});

export const MapFaculty = Schema.Struct({ id: RefId, school: RefId, faculty: RefId });
export const MapCycle = Schema.Struct({ id: RefId, school: RefId, faculty: RefId, cycle: RefId });
export const MapFiliere = Schema.Struct({ id: RefId, school: RefId, faculty: RefId, cycle: RefId, filiere: RefId });
export const MapNiveau = Schema.Struct({ id: RefId, school: RefId, cycle: RefId, niveau: RefId });

/** A row of each of the 13 lists loaded at start-up (docs/spec.md §3). */
const referenceRows = {
  school: RefItem,
  faculty: RefItem,
  cycle: RefItem,
  filiere: RefItem,
  niveau: RefItem,
  department: DepartmentItem,
  fonction: FonctionItem,
  grade: RefItem,
  service: RefItem,
  mapfaculty: MapFaculty,
  mapcycle: MapCycle,
  mapfiliere: MapFiliere,
  mapniveau: MapNiveau,
} as const;

/** The 13 lists, each served by /institution/api/v1/<name>/?no_pagination=true. */
export const referenceLists = {
  school: Schema.Array(RefItem),
  faculty: Schema.Array(RefItem),
  cycle: Schema.Array(RefItem),
  filiere: Schema.Array(RefItem),
  niveau: Schema.Array(RefItem),
  department: Schema.Array(DepartmentItem),
  fonction: Schema.Array(FonctionItem),
  grade: Schema.Array(RefItem),
  service: Schema.Array(RefItem),
  mapfaculty: Schema.Array(MapFaculty),
  mapcycle: Schema.Array(MapCycle),
  mapfiliere: Schema.Array(MapFiliere),
  mapniveau: Schema.Array(MapNiveau),
} as const;
export type ReferenceName = keyof typeof referenceLists;
const isReferenceName = (name: string): name is ReferenceName => Object.hasOwn(referenceLists, name);
export const referenceNames: readonly ReferenceName[] = Object.keys(referenceLists).filter(isReferenceName);
/** A row of each list, by name. */
export type ReferenceRow = { readonly [K in ReferenceName]: (typeof referenceRows)[K]["Type"] };
/**
 * The row schemas seen as one mapped type: `referenceRowSchemas[name]` then decodes to `ReferenceRow[N]` for a
 * generic name N (TypeScript relates a mapped type indexed by N, never a union of schemas, to its key).
 */
export const referenceRowSchemas: { readonly [K in ReferenceName]: Schema.ConstraintDecoder<ReferenceRow[K]> } =
  referenceRows;
export type ReferenceData = { readonly [K in ReferenceName]: ReadonlyArray<ReferenceRow[K]> };
/** The lists a demand's or card's reference fields point into (faculty, service…): rows with labels. */
export type RefFieldList = "faculty" | "cycle" | "filiere" | "niveau" | "department" | "fonction" | "grade" | "service";
