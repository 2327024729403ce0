import { sitePaths, type KindRoute } from "../api/paths";
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

/**
 * Where teacher endpoints live by default. docs/spec.md shows none: this is a guess, the staff pattern with "teacher"
 * in place of "staff" and "personnel" (docs/assumptions.md); a site whose backend mounts them elsewhere sets
 * config.json's `kindPaths.teacher` (docs/deploying.md).
 */
const route: KindRoute = { root: "/teacher/api/v1", segment: "teacher/", check: "checkcard/teacher" };

export const teacher = {
  id: "teacher",
  codePrefix: "PCTEA",
  demandPrefix: "DMTEA",
  defaultRoute: route,
  get paths() {
    return sitePaths("teacher", route);
  },
  schemas: { demand: TeacherDemand, card: TeacherCard, check: TeacherCheck },
  cardFilter: "faculty",
  schoolField: "school",
  refFields: { faculty: "faculty", department: "department", fonction: "fonction", grade: "grade" },
  validationDefaults: {},
  photoToValidate: "optional",
  statsKey: "teacher_demands",
  form: employeeForm(professional),
} as const satisfies KindDescriptor;
