import { kindPaths } from "../api/paths";
import { StaffCard, StaffCheck, StaffDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";
import { employeeForm, fieldSpecs } from "../forms/fields";

/** Staff professional information (docs/spec.md §2). */
const professional = [
  fieldSpecs.registerStrict,
  fieldSpecs.school("school"),
  fieldSpecs.fonctionOf("staff"),
  fieldSpecs.service,
];

export const staff = {
  id: "staff",
  codePrefix: "PCPER",
  demandPrefix: "DMPER",
  paths: kindPaths("/staff/api/v1", "personnel/", "checkcard/personnel"),
  schemas: { demand: StaffDemand, card: StaffCard, check: StaffCheck },
  cardFilter: "service",
  schoolField: "school",
  refFields: { fonction: "fonction", service: "service" },
  validationDefaults: {},
  photoToValidate: "optional",
  statsKey: "staff_demands",
  form: employeeForm(professional),
} as const satisfies KindDescriptor;
