import { sitePaths, type KindRoute } from "../api/paths";
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

/** Where staff endpoints live by default (docs/spec.md §7); config.json's `kindPaths.staff` moves them. */
const route: KindRoute = { root: "/staff/api/v1", segment: "personnel/", check: "checkcard/personnel" };

export const staff = {
  id: "staff",
  codePrefix: "PCPER",
  demandPrefix: "DMPER",
  defaultRoute: route,
  get paths() {
    return sitePaths("staff", route);
  },
  schemas: { demand: StaffDemand, card: StaffCard, check: StaffCheck },
  cardFilter: "service",
  schoolField: "school",
  refFields: { fonction: "fonction", service: "service" },
  validationDefaults: {},
  photoToValidate: "optional",
  statsKey: "staff_demands",
  form: employeeForm(professional),
} as const satisfies KindDescriptor;
