import type { TFunction } from "i18next";
import {
  cardStateOn,
  daysLeft,
  doualaDay,
  EXPIRY_SOON_DAYS,
  validUntilOf,
  type ValidityRules,
} from "../../api/card-validity";
import type { KindId } from "../../api/kind-ids";
import { isSuspendReason } from "../../api/card-states";
import { formatDate } from "../../i18n/format";
import type { CardCheckView } from "../../machines/card-check-view";

/**
 * The check page's verdict under the lifecycle extension (docs/extensions.md): whether the card is accepted, and the
 * sentence a guard reads in large type ("Carte signalée perdue le 12/11/2026 — ne l'acceptez pas", "Valide jusqu'au
 * 30/09/2027"), plus a note when the end is near. Only called with the capability on.
 */
export interface LifeVerdict {
  readonly accepted: boolean;
  readonly sentence: string;
  readonly note: string | null;
}

export const lifeVerdict = (
  t: TFunction,
  kind: KindId,
  view: CardCheckView,
  rules: ValidityRules,
  now: number,
): LifeVerdict | null => {
  const { life } = view;
  const card = {
    valid: view.valid,
    state: life.state,
    valid_until: life.validUntil,
    duration_year_str: view.academicYear,
    update_at: life.updateAt,
  };
  const today = doualaDay(now);
  const state = cardStateOn(kind, card, today, rules);
  const until = validUntilOf(kind, card, rules);
  const on = life.at ? formatDate(new Date(Date.parse(life.at) + 3_600_000).toISOString().slice(0, 10)) : "";
  if (state === "suspended") {
    const reason = isSuspendReason(life.reason) ? life.reason : "other";
    return { accepted: false, sentence: t(`check:life.suspended.${reason}`, { date: on }), note: null };
  }
  if (state === "replaced") return { accepted: false, sentence: t("check:life.replaced", { date: on }), note: null };
  if (state === "expired" && until)
    return { accepted: false, sentence: t("check:life.expired", { date: formatDate(until) }), note: null };
  if (state === "active" && until) {
    const left = daysLeft(until, today);
    return {
      accepted: true,
      sentence: t("check:life.validUntil", { date: formatDate(until) }),
      note: left < EXPIRY_SOON_DAYS ? t("check:life.expiresSoon", { count: left }) : null,
    };
  }
  return null;
};
