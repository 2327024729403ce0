import { paths } from "../api/paths";
import { TeacherCard, TeacherCheck, TeacherDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";

export const teacher = {
  id: "teacher",
  codePrefix: "PCTEA",
  demandPrefix: "DMTEA",
  paths: paths.kinds.teacher,
  schemas: { demand: TeacherDemand, card: TeacherCard, check: TeacherCheck },
  cardFilter: "faculty",
  schoolField: "school",
  refFields: { faculty: "faculty", department: "department", fonction: "fonction", grade: "grade" },
  validationDefaults: {},
  statsKey: "teacher_demands",
} as const satisfies KindDescriptor;
