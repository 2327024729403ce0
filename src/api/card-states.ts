import { isOneOf } from "./one-of";
/**
 * The card states and suspension reasons of the `lifecycle` extension (docs/extensions.md), without a schema: the
 * runtime configuration and the lean check page read them, and neither loads effect.
 */

export const cardStates = ["active", "suspended", "replaced", "expired"] as const;
export type CardState = (typeof cardStates)[number];

export const suspendReasons = ["lost", "stolen", "damaged", "withdrawn", "other"] as const;
export type SuspendReason = (typeof suspendReasons)[number];

export const isCardState = (value: unknown): value is CardState => isOneOf(cardStates, value);
export const isSuspendReason = (value: unknown): value is SuspendReason => isOneOf(suspendReasons, value);

/** Why bulk renewal refused a card, as the backend codes it (docs/extensions.md); a backend may send others. */
export const renewalRefusals = ["not_found", "not_expired", "already_renewed"] as const;
export type RenewalRefusalCode = (typeof renewalRefusals)[number];

export const isRenewalRefusalCode = (value: unknown): value is RenewalRefusalCode => isOneOf(renewalRefusals, value);
