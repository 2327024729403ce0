import { referenceData } from "./reference-data";
import type { DemandRecord } from "./models";

/**
 * A renewal demand's fields (extension `lifecycle`, docs/extensions.md `renew/`): the holder's, for the academic year
 * after the card's. A level (`niveau`, docs/spec.md §3) moves to the next one of its cycle in `mapniveau`'s order
 * (L1 → L2); after the cycle's last (L3, M2) or for a level the lists do not know it is left empty, for the agent to
 * choose on the validation screen (the holder may go on to a master's, repeat, or stop). Kinds without a level keep
 * their fields as they were.
 */
export const renewalFields = (fields: DemandRecord["fields"]): DemandRecord["fields"] =>
  "niveau" in fields ? { ...fields, niveau: nextLevel(fields.niveau) } : { ...fields };

const nextLevel = (level: unknown): number | null => {
  const at = referenceData.mapniveau.find((m) => m.niveau === level);
  if (!at) return null;
  const ofCycle = referenceData.mapniveau.filter((m) => m.school === at.school && m.cycle === at.cycle);
  return ofCycle[ofCycle.findIndex((m) => m.niveau === level) + 1]?.niveau ?? null;
};
