import { Schema } from "effect";
import { School } from "./enums";
import { DateTime, Id, Validator } from "./common";
import { lenient } from "./lenient";
import { staffFields, studentFields, teacherFields } from "./demand";
import { digitalCardAgentFields } from "./digital-card";
import { lifecycleAgentFields, lifecyclePublicFields } from "./lifecycle";

/** Fields every card carries (docs/spec.md §3). */
const cardCore = {
  id: Id,
  code: Schema.String,
  register: Schema.String,
  firstname: Schema.String,
  valid: Schema.Boolean,
  update_at: DateTime,
  validator: Schema.optionalKey(Schema.NullOr(Validator)),
  print_count: Schema.optionalKey(Schema.Number),
  // The lifecycle extension's fields (docs/extensions.md), all optional: an answer without them reads as today.
  ...lifecyclePublicFields,
} as const;

/** What an agent's card answers carry beyond the public check's. */
const agentCard = { ...cardCore, ...lifecycleAgentFields, ...digitalCardAgentFields } as const;

/**
 * Student cards list few fields; lastname and faculty are extras the list and filter use when present (docs/spec.md §3
 * does not list them: read leniently).
 */
export const StudentCard = Schema.Struct({
  ...agentCard,
  scholl: School,
  lastname: lenient("lastname", Schema.String),
  faculty: lenient("faculty", Schema.Number),
});
export const StaffCard = Schema.Struct({ ...staffFields, ...agentCard, insert_at: DateTime });
export const TeacherCard = Schema.Struct({ ...teacherFields, ...agentCard, insert_at: DateTime });
export type StudentCard = Schema.Schema.Type<typeof StudentCard>;
export type StaffCard = Schema.Schema.Type<typeof StaffCard>;
export type TeacherCard = Schema.Schema.Type<typeof TeacherCard>;

/**
 * Public check results: the card plus what the check page shows (docs/spec.md §3). The academic year
 * (`duration_year_str`) is listed for students only: staff and teacher answers may go without it.
 */
const checkExtras = {
  duration_year_str: lenient("duration_year_str", Schema.String),
  photo_str: lenient("photo_str", Schema.NullOr(Schema.String)),
} as const;
export const StudentCheck = Schema.Struct({
  ...cardCore,
  ...studentFields,
  ...checkExtras,
  duration_year_str: Schema.String,
  photo_str: Schema.optionalKey(Schema.NullOr(Schema.String)),
});
export const StaffCheck = Schema.Struct({ ...cardCore, ...staffFields, ...checkExtras });
export const TeacherCheck = Schema.Struct({ ...cardCore, ...teacherFields, ...checkExtras });
export type StudentCheck = Schema.Schema.Type<typeof StudentCheck>;
export type StaffCheck = Schema.Schema.Type<typeof StaffCheck>;
export type TeacherCheck = Schema.Schema.Type<typeof TeacherCheck>;

export const PrintCount = Schema.Struct({ print_count: Schema.Number });
