import { isOneOf } from "./one-of.ts";
/**
 * Backend extensions (docs/extensions.md): what a deployment's backend offers beyond docs/spec.md, declared in
 * config.json's `capabilities`. The app never probes for one; a capability not declared is a feature not shown.
 */
export const capabilityNames = [
  "date-filter",
  "reject",
  "track",
  "lifecycle",
  "signed-qr",
  "agent-admin",
  "correction",
  "digital-card",
] as const;

export type Capability = (typeof capabilityNames)[number];

export const isCapability = (value: unknown): value is Capability => isOneOf(capabilityNames, value);

/**
 * What the demo backend (src/mock-server) implements: demo mode, `npm run mock:api` and the classroom declare these.
 * It implements every extension there is (docs/extensions.md), so the list is the names themselves: a new
 * capability is added to the demo backend along with its name.
 */
export const DEMO_BACKEND_CAPABILITIES: readonly Capability[] = [...capabilityNames];
