import { Effect, Option, Schema } from "effect";
import { BloodGroup, Gender, Payment, School } from "./enums";
import { DateString, DateTime, Id, NullableText, RefId, Validator } from "./common";
import { lenient } from "./lenient";
import { Corrected, MistakeNote, Rejection } from "./tracking";

/**
 * Identity and emergency fields every kind shares (docs/spec.md §3). The texts a person may leave blank (contact
 * details, allergies) read null as "": a blank column with `null=True` (docs/assumptions.md).
 */
const person = {
  register: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  birth_at: DateString,
  gender: Gender,
  email: NullableText,
  phone: NullableText,
  contact_person_name: NullableText,
  contact_person_phone: NullableText,
  blood_group: BloodGroup,
  allergies: NullableText,
} as const;

/**
 * Fields the server adds when a demand is read back. `validator` (who validated it) is not in docs/spec.md §3: read when
 * a backend sends it, as cards carry it, to say who validated a demand meanwhile; left out when it is something else
 * (a user id, from `fields = "__all__"`), as every key the spec does not list for a demand.
 */
const stored = {
  id: Id,
  code: Schema.String,
  insert_at: DateTime,
  validated: Schema.Boolean,
  validator: lenient("validator", Schema.NullOr(Validator)),
  /** Extension `reject` (docs/extensions.md): why an agent rejected the demand or asked for a correction. */
  rejection: lenient("rejection", Schema.NullOr(Rejection)),
  /** Extension `lifecycle`: the card a renewal demand renews (its id); absent or null for a first request. */
  renews: lenient("renews", Schema.NullOr(Id)),
  /** Extension `correction`: the fields the applicant last corrected online, and the notes sent to the office. */
  corrected: lenient("corrected", Schema.NullOr(Corrected)),
  notes: lenient("notes", Schema.NullOr(Schema.Array(MistakeNote))),
} as const;

export const studentFields = {
  ...person,
  scholl: School,
  faculty: RefId,
  cycle: RefId,
  filiere: RefId,
  paiement: Payment,
  niveau: Schema.optionalKey(Schema.NullOr(RefId)),
} as const;
export const staffFields = {
  ...person,
  school: School,
  fonction: RefId,
  service: RefId,
  birth_place: NullableText,
  nid: NullableText,
} as const;
export const teacherFields = {
  ...person,
  school: School,
  faculty: RefId,
  department: RefId,
  fonction: RefId,
  grade: RefId,
  birth_place: NullableText,
  nid: NullableText,
} as const;

/**
 * The stored photo, base64. Students' is in docs/spec.md §3; staff and teacher demands may carry one too (sent as an
 * optional `photo` part, docs/assumptions.md): optional for every kind, so a backend without it decodes.
 */
const photo = { photo_str: Schema.optionalKey(Schema.NullOr(Schema.String)) } as const;

/** Keys a read demand carries beyond what was submitted: shown, never edited or resubmitted. */
export const storedDemandKeys: readonly string[] = [...Object.keys(stored), ...Object.keys(photo)];

export const StudentDemand = Schema.Struct({ ...studentFields, ...stored, ...photo });
export const StaffDemand = Schema.Struct({ ...staffFields, ...stored, ...photo });
export const TeacherDemand = Schema.Struct({ ...teacherFields, ...stored, ...photo });
export type StudentDemand = Schema.Schema.Type<typeof StudentDemand>;
export type StaffDemand = Schema.Schema.Type<typeof StaffDemand>;
export type TeacherDemand = Schema.Schema.Type<typeof TeacherDemand>;

/**
 * What a submit answers (docs/spec.md §7: id and code). The code is what the applicant needs (the receipt, /track): an
 * answer that carries one is a success whatever else it carries, its id included.
 */
export const Submitted = Schema.Struct({
  code: Schema.String,
  /** "" when the answer has no id the app can read. */
  id: Id.pipe(
    Schema.catchDecoding(() => Effect.succeed(Option.some(""))),
    Schema.withDecodingDefaultKey(Effect.succeed("")),
  ),
});
export type Submitted = Schema.Schema.Type<typeof Submitted>;

/** Validation answer; the server's shape is not shown in the spec, so only what the client uses is required. */
export const Validated = Schema.Struct({
  id: Id,
  validated: Schema.Boolean,
  card: Schema.optionalKey(Schema.NullOr(Id)),
});
export type Validated = Schema.Schema.Type<typeof Validated>;

export { Validator };
