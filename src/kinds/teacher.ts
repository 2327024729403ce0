import { kindPaths } from "../api/paths";
import { TeacherCard, TeacherCheck, TeacherDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";
import { employeeForm, fieldSpecs } from "../forms/fields";

/** Teacher professional information (docs/spec.md §2): faculty or establishment, department, function and grade. */
const professional = [
  fieldSpecs.registerStrict,
  fieldSpecs.school("school"),
  fieldSpecs.faculty("school", "teacher:fields.faculty", "validation:facultyOrEstablishmentRequired"),
  fieldSpecs.department,
  fieldSpecs.fonctionOf("teacher"),
  fieldSpecs.grade,
];

export const teacher = {
  id: "teacher",
  codePrefix: "PCTEA",
  demandPrefix: "DMTEA",
  paths: kindPaths("/teacher/api/v1", "teacher/", "checkcard/teacher"),
  schemas: { demand: TeacherDemand, card: TeacherCard, check: TeacherCheck },
  cardFilter: "faculty",
  schoolField: "school",
  refFields: { faculty: "faculty", department: "department", fonction: "fonction", grade: "grade" },
  validationDefaults: {},
  photoToValidate: "optional",
  statsKey: "teacher_demands",
  form: employeeForm(professional),
} as const satisfies KindDescriptor;
