/** Vitest global setup of the consumer project: every run starts from an empty pact output directory. */
import { rmSync } from "node:fs";
import { PACT_OUT_DIR } from "../../../scripts/lib/contracts-paths";

export default function setup(): void {
  process.env.PACT_DO_NOT_TRACK ??= "true";
  rmSync(PACT_OUT_DIR, { recursive: true, force: true });
}
