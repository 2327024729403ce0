import { createContext, useContext, useEffect, useState } from "react";
import type { KindId } from "../api/kind-ids";
import type { Capability } from "../api/capabilities";
import { capabilityOn, contactOf, type RuntimeConfig } from "./config";
import type { Contact } from "./config-contact";

export interface Runtime {
  readonly config: RuntimeConfig;
  /** Demo mode and the classroom: restores the seeded demo data and reloads. */
  readonly resetDemo: (() => void | Promise<unknown>) | null;
  /** The classroom only: the demo accounts get their published passwords back (and are signed out everywhere). */
  readonly restoreDemoAccounts: (() => Promise<unknown>) | null;
  /** Demo mode and the classroom: the demo accounts, shown on the login page. */
  readonly demoAccounts: ReadonlyArray<{ readonly username: string; readonly password: string; readonly role: string }>;
  /** Demo mode only: a card's check token (what its QR code carries), so trainers can open the check page. */
  readonly demoCardToken: ((kind: KindId, cardId: string) => Promise<string | undefined>) | null;
}

export const RuntimeContext = createContext<Runtime>({
  config: { mode: "live" },
  resetDemo: null,
  restoreDemoAccounts: null,
  demoAccounts: [],
  demoCardToken: null,
});
export const useRuntime = () => useContext(RuntimeContext);

/** Is this backend extension on for this deployment (docs/extensions.md): the screens' one question. */
export const useCapability = (capability: Capability): boolean => capabilityOn(useRuntime().config, capability);

/** The office named in config.json where cards are collected and lost ones reported; null when none is named. */
export const usePickupOffice = (): string | null => useRuntime().config.pickupOffice ?? null;

/** The card office's contact details for this site (config.json `contact`; the demo's in demo mode). */
export const useContact = (): Contact => contactOf(useRuntime().config);

/** Demo mode only: the card's check token once the demo backend (a worker) gave it; undefined until then or in live mode. */
export const useDemoCardToken = (kind: KindId, cardId: string | undefined): string | undefined => {
  const { demoCardToken } = useRuntime();
  const [found, setFound] = useState<{ readonly key: string; readonly token: string | undefined }>();
  const key = `${kind}:${cardId ?? ""}`;
  useEffect(() => {
    if (!demoCardToken || !cardId) return;
    let current = true;
    void demoCardToken(kind, cardId).then((token) => current && setFound({ key, token }));
    return () => {
      current = false;
    };
  }, [demoCardToken, kind, cardId, key]);
  return found?.key === key ? found.token : undefined;
};
