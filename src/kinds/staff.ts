import { paths } from "../api/paths";
import { StaffCard, StaffCheck, StaffDemand } from "../api/schemas";
import type { KindDescriptor } from "./descriptor";

export const staff = {
  id: "staff",
  codePrefix: "PCPER",
  demandPrefix: "DMPER",
  paths: paths.kinds.staff,
  schemas: { demand: StaffDemand, card: StaffCard, check: StaffCheck },
  cardFilter: "service",
  schoolField: "school",
  refFields: { fonction: "fonction", service: "service" },
  validationDefaults: {},
  statsKey: "staff_demands",
} as const satisfies KindDescriptor;
