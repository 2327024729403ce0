import { paths } from "../api/paths";
import { StudentCard, StudentCheck, StudentDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";

export const student = {
  id: "student",
  codePrefix: "PCSTUD",
  demandPrefix: "DMSTUD",
  paths: paths.kinds.student,
  schemas: { demand: StudentDemand, card: StudentCard, check: StudentCheck },
  cardFilter: "faculty",
  schoolField: "scholl",
  refFields: { faculty: "faculty", cycle: "cycle", filiere: "filiere", niveau: "niveau" },
  validationDefaults: { niveau: "" },
  statsKey: "student_demands",
} as const satisfies KindDescriptor;
