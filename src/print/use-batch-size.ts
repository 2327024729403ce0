import { useSyncExternalStore } from "react";
import type { KindId } from "../api/kind-ids";
import { batchesVersion, readBatch, subscribeBatches } from "./batch";

/** How many cards the agent's print batch of `kind` holds, following every change (this tab or another). */
export const useBatchSize = (username: string, kind: KindId | undefined): number => {
  useSyncExternalStore(subscribeBatches, batchesVersion, () => 0);
  return kind ? readBatch(username, kind).length : 0;
};
