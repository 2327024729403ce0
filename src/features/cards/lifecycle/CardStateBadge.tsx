import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../../app/runtime-context";
import { cardStateOn, DEFAULT_VALIDITY_RULES, doualaDay } from "../../../api/card-validity";
import type { CardState } from "../../../api/schemas/lifecycle";
import type { AnyKind } from "../../../kinds";
import type { AnyCard } from "../../../machines/card-lifecycle";
import { StatusBadge } from "../../lists/StatusBadge";

/** The badge's tone for a lifecycle state: a guard-relevant state (suspended, expired) warns. */
export const stateTone = (state: CardState | "inactive") =>
  state === "active" ? "success" : state === "suspended" || state === "expired" ? "warning" : "neutral";

/**
 * The card's lifecycle state today (extension `lifecycle`), as the card detail's status row shows it so that it
 * never says "Active" beside a lifecycle section that says "Expired"; "Renouvellement" beside it for a card made
 * from a renewal demand, as the demand lists and screens mark those.
 */
export function CardStateBadge({ kind, card }: { readonly kind: AnyKind; readonly card: AnyCard }) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  // The day the screen opened, as the lifecycle section's machine reads it.
  const [today] = useState(() => doualaDay(Date.now()));
  const state = cardStateOn(kind.id, card, today, config.cardValidity ?? DEFAULT_VALIDITY_RULES) ?? "inactive";
  const badge = <StatusBadge tone={stateTone(state)}>{t(`card:lifecycle.state.${state}`)}</StatusBadge>;
  if (!card.renews) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {badge}
      <StatusBadge tone="neutral">{t("common:status.renewal")}</StatusBadge>
    </span>
  );
}
