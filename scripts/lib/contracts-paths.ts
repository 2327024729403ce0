/** Where the consumer tests write pacts and where the committed contracts live (shared by tests and scripts). */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Committed Pact files (what the backend team verifies). */
export const CONTRACTS_DIR = join(ROOT, "contracts");
/** Fresh consumer output of the last run, one folder per spec file (ignored by git: under node_modules). */
export const PACT_OUT_DIR = join(ROOT, "node_modules", ".cache", "campus-card-pacts");
