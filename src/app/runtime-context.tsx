import { createContext, useContext } from "react";
import type { KindId } from "../api/kind-ids";
import type { RuntimeConfig } from "./config";

export interface Runtime {
  readonly config: RuntimeConfig;
  /** Demo mode only: restores the seeded demo data and reloads. */
  readonly resetDemo: (() => void) | null;
  /** Demo mode only: the demo accounts, shown on the login page. */
  readonly demoAccounts: ReadonlyArray<{ readonly username: string; readonly password: string; readonly role: string }>;
  /** Demo mode only: a card's check token (what its QR code carries), so trainers can open the check page. */
  readonly demoCardToken: ((kind: KindId, cardId: string) => string | undefined) | null;
}

export const RuntimeContext = createContext<Runtime>({ config: { mode: "live" }, resetDemo: null, demoAccounts: [], demoCardToken: null });
export const useRuntime = () => useContext(RuntimeContext);
