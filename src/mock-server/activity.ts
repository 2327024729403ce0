import { doualaDay } from "../api/card-validity";
import { kinds, type AnyKind } from "../kinds";
import type { DemoDb } from "./db";
import { badRequest } from "./http";
import { issuedAt } from "./lifecycle";
import { isOneOf } from "../api/one-of";

/**
 * The agents' activity (extension `lifecycle`, docs/extensions.md `GET /base/api/v1/cards/activity/`): per day and
 * agent, the cards they validated, printed, suspended, reactivated, replaced and renewed, and the demands they
 * rejected or asked to correct, every kind together, read from what the demo backend already records (the card's
 * validator and issue day, its lifecycle events, the demand's rejection).
 */

export const activityActions = [
  "validated",
  "printed",
  "suspended",
  "reactivated",
  "replaced",
  "renewed",
  "rejected",
  "correction",
] as const;
type ActivityAction = (typeof activityActions)[number];

/** The longest range one call answers. */
export const MAX_ACTIVITY_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day "YYYY-MM-DD" (not 2026-02-30). */
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `?from=&to=`, both required, checked as DRF's DateField and a serializer's validate() would. */
export const activityRange = (params: URLSearchParams): { from: string; to: string } => {
  const from = params.get("from");
  const to = params.get("to");
  const problems: Record<string, string[]> = {};
  for (const [name, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (value === null || value === "") problems[name] = ["This field is required."];
    else if (!isDay(value)) problems[name] = ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."];
  }
  if (Object.keys(problems).length > 0) return badRequest(problems);
  if (!isDay(from) || !isDay(to)) return badRequest({ from: ["This field is required."] });
  if (from > to) return badRequest({ non_field_errors: ["The start of the range must be on or before its end."] });
  if (daysBetween(from, to) >= MAX_ACTIVITY_DAYS)
    return badRequest({ non_field_errors: [`The range must be ${MAX_ACTIVITY_DAYS} days at most.`] });
  return { from, to };
};

interface Acted {
  readonly action: ActivityAction;
  readonly at: string;
  readonly byId: number | null | undefined;
}

/** Every action of every card and every decision on a demand, with its agent and time. */
const actionsOf = (db: DemoDb): Acted[] =>
  (Object.values(kinds) as AnyKind[]).flatMap((kind) => [
    ...db
      .demands(kind.id)
      .flatMap((demand): Acted[] =>
        demand.rejection
          ? [{ action: demand.rejection.status, at: demand.rejection.at, byId: demand.rejection.byId }]
          : [],
      ),
    ...db.cards(kind.id).flatMap((card) => {
      const own = card.life?.events ?? [];
      // A replacement card is issued by the replacement, not by a validation.
      const validated: Acted[] = own.some((e) => e.kind === "replacing")
        ? []
        : [{ action: "validated", at: issuedAt(card), byId: card.validatorId }];
      const recorded = own.flatMap((e): Acted[] =>
        isOneOf(activityActions, e.kind) ? [{ action: e.kind as ActivityAction, at: e.at, byId: e.byId }] : [],
      );
      return [...validated, ...recorded];
    }),
  ]);

/** Rows of one day and one agent, days in order then usernames; an agent with nothing that day has no row. */
export const agentActivity = (db: DemoDb, range: { from: string; to: string }) => {
  const rows = new Map<string, { day: string; userId: number; counts: Record<ActivityAction, number> }>();
  for (const acted of actionsOf(db)) {
    if (acted.byId === null || acted.byId === undefined) continue;
    const day = doualaDay(Date.parse(acted.at));
    if (day < range.from || day > range.to) continue;
    const key = `${day}|${acted.byId}`;
    const row = rows.get(key) ?? {
      day,
      userId: acted.byId,
      counts: {
        validated: 0,
        printed: 0,
        suspended: 0,
        reactivated: 0,
        replaced: 0,
        renewed: 0,
        rejected: 0,
        correction: 0,
      },
    };
    row.counts[acted.action]++;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((row) => {
      const user = db.user(row.userId);
      return {
        day: row.day,
        agent: { username: user?.username ?? String(row.userId), first_name: user?.first_name ?? "" },
        ...row.counts,
      };
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.agent.username.localeCompare(b.agent.username));
};
