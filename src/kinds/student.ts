import { sitePaths, type KindRoute } from "../api/paths";
import { StudentCard, StudentCheck, StudentDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";
import { defineKindForm, emergencyFields, fieldSpecs, type FieldSpec } from "../forms/fields";

/** Student wizard data (docs/spec.md §2); the register belongs with the academic information. */
const academic = [
  fieldSpecs.register,
  fieldSpecs.school("scholl"),
  fieldSpecs.faculty("scholl"),
  fieldSpecs.cycle("scholl"),
  fieldSpecs.niveau("scholl"),
  fieldSpecs.filiere("scholl"),
];
// The student card needs the photo (docs/spec.md §4: required to validate), which the hint says.
const studentPhoto: FieldSpec = { ...fieldSpecs.photo, descriptionKey: "registration:hints.photoStudent" };

const personal = [
  fieldSpecs.lastname,
  fieldSpecs.firstname,
  fieldSpecs.gender,
  fieldSpecs.email,
  fieldSpecs.phone,
  fieldSpecs.birthAt,
  studentPhoto,
];

/** Where student endpoints live by default (docs/spec.md §7); config.json's `kindPaths.student` moves them. */
const route: KindRoute = { root: "/student/api/v1", segment: "", check: "checkcard/" };

export const student = {
  id: "student",
  codePrefix: "PCSTUD",
  demandPrefix: "DMSTUD",
  defaultRoute: route,
  get paths() {
    return sitePaths("student", route);
  },
  schemas: { demand: StudentDemand, card: StudentCard, check: StudentCheck },
  cardFilter: "faculty",
  schoolField: "scholl",
  refFields: { faculty: "faculty", cycle: "cycle", filiere: "filiere", niveau: "niveau" },
  validationDefaults: { niveau: "" },
  photoToValidate: "required",
  statsKey: "student_demands",
  form: defineKindForm({
    steps: [
      { id: "academic", fields: academic },
      { id: "payment", fields: [fieldSpecs.payment] },
      { id: "personal", fields: personal },
      { id: "emergency", fields: emergencyFields },
    ],
    sections: [
      { id: "personal", fields: personal },
      { id: "academic", fields: [...academic, fieldSpecs.payment] },
      { id: "emergency", fields: emergencyFields },
    ],
  }),
} as const satisfies KindDescriptor;
