import { createContext, useContext } from "react";
import type { RuntimeConfig } from "./config";

export interface Runtime {
  readonly config: RuntimeConfig;
  /** Demo mode only: restores the seeded demo data and reloads. */
  readonly resetDemo: (() => void) | null;
  /** Demo mode only: the demo accounts, shown on the login page. */
  readonly demoAccounts: ReadonlyArray<{ readonly username: string; readonly password: string; readonly role: string }>;
}

export const RuntimeContext = createContext<Runtime>({ config: { mode: "live" }, resetDemo: null, demoAccounts: [] });
export const useRuntime = () => useContext(RuntimeContext);
