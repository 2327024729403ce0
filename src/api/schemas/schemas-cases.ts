import type { Schema } from "effect";
import * as fx from "../../../tests/fixtures/entities";
import {
  Agent,
  MapCycle,
  MapFaculty,
  MapFiliere,
  MapNiveau,
  PrintCount,
  Profile,
  RefItem,
  StaffCard,
  StaffCheck,
  StaffDemand,
  Stats,
  StudentCard,
  StudentCheck,
  StudentDemand,
  Submitted,
  TeacherCard,
  TeacherCheck,
  TeacherDemand,
  Token,
  Validated,
} from "./index";

/**
 * Every entity schema's cases for schemas.test.ts: a valid sample, the fields it requires, values of the wrong
 * type, optional fields and values out of range.
 */

export interface Case {
  readonly name: string;
  readonly schema: Schema.Top;
  readonly sample: object;
  /** Fields that must be present. */
  readonly required: readonly string[];
  /** A field and a value of the wrong type for it. */
  readonly wrongType: readonly (readonly [string, unknown])[];
  /** Fields that may be absent. */
  readonly optional?: readonly string[];
  /** Enumerated fields and values outside them. */
  readonly outOfRange?: readonly (readonly [string, unknown])[];
  /** Required texts a backend may leave null (a blank column): null reads as "". */
  readonly nullAsEmpty?: readonly string[];
}

const personRequired = [
  "register",
  "firstname",
  "lastname",
  "birth_at",
  "gender",
  "email",
  "phone",
  "contact_person_name",
  "contact_person_phone",
  "blood_group",
  "allergies",
];
const personOutOfRange = [
  ["gender", 3],
  ["gender", 0],
  ["gender", "1"],
  ["blood_group", 10],
  ["blood_group", 0],
  ["blood_group", 1.5],
] as const;
const personNullable = ["email", "phone", "contact_person_name", "contact_person_phone", "allergies"];
const staffNullable = [...personNullable, "birth_place", "nid"];
const stored = ["id", "code", "insert_at", "validated"];
const cardCore = ["id", "code", "register", "firstname", "valid", "update_at"];

export const cases: readonly Case[] = [
  {
    name: "StudentDemand",
    schema: StudentDemand,
    sample: fx.studentDemand,
    required: [...personRequired, ...stored, "scholl", "faculty", "cycle", "filiere", "paiement"],
    wrongType: [
      ["validated", "false"],
      ["faculty", "1"],
      ["register", 2123450],
      ["photo_str", 42],
    ],
    optional: ["niveau", "photo_str"],
    outOfRange: [...personOutOfRange, ["paiement", 3], ["scholl", 2]],
    nullAsEmpty: personNullable,
  },
  {
    name: "StaffDemand",
    schema: StaffDemand,
    sample: fx.staffDemand,
    required: [...personRequired, ...stored, "school", "fonction", "service", "birth_place", "nid"],
    wrongType: [
      ["service", "Scolarité"],
      ["nid", 1234567890],
      ["insert_at", 1729000000],
    ],
    outOfRange: [...personOutOfRange, ["school", 2]],
    nullAsEmpty: staffNullable,
  },
  {
    name: "TeacherDemand",
    schema: TeacherDemand,
    sample: fx.teacherDemand,
    required: [
      ...personRequired,
      ...stored,
      "school",
      "faculty",
      "department",
      "fonction",
      "grade",
      "birth_place",
      "nid",
    ],
    wrongType: [
      ["grade", "MC"],
      ["department", true],
    ],
    outOfRange: [...personOutOfRange, ["school", 2]],
    nullAsEmpty: staffNullable,
  },
  {
    name: "StudentCard",
    schema: StudentCard,
    sample: fx.studentCard,
    required: [...cardCore, "scholl"],
    wrongType: [
      ["valid", 1],
      ["print_count", "1"],
      ["validator", "fotsing.aime"],
      ["validator", { username: "x" }],
    ],
    optional: ["validator", "print_count", "lastname", "faculty"],
    outOfRange: [["scholl", 2]],
  },
  {
    name: "StaffCard",
    schema: StaffCard,
    sample: fx.staffCard,
    required: [...cardCore, "school", "insert_at", "service", "fonction", "nid", "birth_place", "gender"],
    wrongType: [
      ["valid", "true"],
      ["print_count", null],
    ],
    optional: ["validator", "print_count"],
    outOfRange: [...personOutOfRange, ["school", 0]],
    nullAsEmpty: staffNullable,
  },
  {
    name: "TeacherCard",
    schema: TeacherCard,
    sample: fx.teacherCard,
    required: [...cardCore, "school", "insert_at", "faculty", "department", "grade", "fonction"],
    wrongType: [
      ["update_at", new Date(0)],
      ["faculty", null],
    ],
    optional: ["validator", "print_count"],
    outOfRange: personOutOfRange,
    nullAsEmpty: staffNullable,
  },
  {
    name: "StudentCheck",
    schema: StudentCheck,
    sample: fx.studentCheck,
    required: [
      ...cardCore,
      ...personRequired,
      "duration_year_str",
      "scholl",
      "faculty",
      "cycle",
      "filiere",
      "paiement",
    ],
    wrongType: [
      ["duration_year_str", 2024],
      ["photo_str", {}],
    ],
    optional: ["niveau", "validator", "print_count", "photo_str"],
    outOfRange: [...personOutOfRange, ["paiement", 0]],
    nullAsEmpty: personNullable,
  },
  {
    name: "StaffCheck",
    schema: StaffCheck,
    sample: fx.staffCheck,
    required: [...cardCore, ...personRequired, "school", "fonction", "service"],
    wrongType: [["valid", null]],
    optional: ["validator", "print_count", "photo_str", "duration_year_str"],
    outOfRange: personOutOfRange,
    nullAsEmpty: staffNullable,
  },
  {
    name: "TeacherCheck",
    schema: TeacherCheck,
    sample: fx.teacherCheck,
    required: [...cardCore, ...personRequired, "school", "faculty", "department", "grade"],
    wrongType: [["code", 1]],
    optional: ["validator", "print_count", "photo_str", "duration_year_str"],
    outOfRange: personOutOfRange,
    nullAsEmpty: staffNullable,
  },
  {
    name: "Agent",
    schema: Agent,
    sample: fx.agent,
    required: ["id", "username", "first_name", "last_name", "email"],
    wrongType: [
      ["id", 7.5],
      ["email", 0],
    ],
    nullAsEmpty: ["first_name", "last_name", "email"],
  },
  {
    name: "Profile",
    schema: Profile,
    sample: fx.profile,
    required: ["id", "username", "email", "first_name", "last_name", "groups"],
    wrongType: [
      ["groups", ["Admin"]],
      ["groups", { name: "Admin" }],
      ["groups", [{ label: "Admin" }]],
      ["id", "1"],
    ],
  },
  {
    name: "Stats",
    schema: Stats,
    sample: fx.stats,
    required: ["total_demands", "active_cards", "student_demands", "staff_demands", "teacher_demands", "agents"],
    wrongType: [
      ["agents", "4"],
      ["total_demands", null],
    ],
  },
  {
    name: "RefItem",
    schema: RefItem,
    sample: fx.faculty,
    required: ["id", "code", "label_en", "label_fr"],
    wrongType: [
      ["id", "1"],
      ["label_fr", null],
    ],
  },
  {
    name: "MapFaculty",
    schema: MapFaculty,
    sample: fx.mapFaculty,
    required: ["id", "school", "faculty"],
    wrongType: [["faculty", "FS"]],
  },
  {
    name: "MapCycle",
    schema: MapCycle,
    sample: fx.mapCycle,
    required: ["id", "school", "faculty", "cycle"],
    wrongType: [["cycle", "LICENCE"]],
  },
  {
    name: "MapFiliere",
    schema: MapFiliere,
    sample: fx.mapFiliere,
    required: ["id", "school", "faculty", "cycle", "filiere"],
    wrongType: [["filiere", null]],
  },
  {
    name: "MapNiveau",
    schema: MapNiveau,
    sample: fx.mapNiveau,
    required: ["id", "school", "cycle", "niveau"],
    wrongType: [["niveau", "L3"]],
  },
  { name: "Token", schema: Token, sample: fx.token, required: ["access"], wrongType: [["access", null]] },
  // A submit's id is read when it can be ("" otherwise): its code is what the applicant needs.
  { name: "Submitted", schema: Submitted, sample: fx.submitted, required: ["code"], wrongType: [["code", 1]] },
  {
    name: "Validated",
    schema: Validated,
    sample: fx.validated,
    required: ["id", "validated"],
    wrongType: [["validated", "true"]],
    optional: ["card"],
  },
  {
    name: "PrintCount",
    schema: PrintCount,
    sample: fx.printCount,
    required: ["print_count"],
    wrongType: [["print_count", "2"]],
  },
];
