import { doualaDay } from "../api/card-validity";
import { kinds, type AnyKind } from "../kinds";
import type { DemoDb } from "./db";
import { badRequest } from "./http";
import { issuedAt } from "./lifecycle";
import { isOneOf } from "../api/one-of";
import type { CardRecord, DemandRecord } from "./models";

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
  /** What was acted on: a card, or a demand (a rejection or a correction asked for). */
  readonly item: { readonly kind: AnyKind; readonly card?: CardRecord; readonly demand?: DemandRecord };
}

/** Every action of every card and every decision on a demand, with its agent, time and item. */
const actionsOf = (db: DemoDb): Acted[] =>
  (Object.values(kinds) as AnyKind[]).flatMap((kind) => [
    ...db.demands(kind.id).flatMap((demand): Acted[] =>
      demand.rejection
        ? [
            {
              action: demand.rejection.status,
              at: demand.rejection.at,
              byId: demand.rejection.byId,
              item: { kind, demand },
            },
          ]
        : [],
    ),
    ...db.cards(kind.id).flatMap((card) => {
      const own = card.life?.events ?? [];
      const item = { kind, card };
      // A replacement card is issued by the replacement, not by a validation.
      const validated: Acted[] = own.some((e) => e.kind === "replacing")
        ? []
        : [{ action: "validated", at: issuedAt(card), byId: card.validatorId, item }];
      const recorded = own.flatMap((e): Acted[] =>
        isOneOf(activityActions, e.kind) ? [{ action: e.kind as ActivityAction, at: e.at, byId: e.byId, item }] : [],
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
  const agentRows = [...rows.values()].map((row) => {
    const user = db.user(row.userId);
    return {
      day: row.day,
      agent: { username: user?.username ?? String(row.userId), first_name: user?.first_name ?? "" },
      ...row.counts,
    };
  });
  // Holders' rows last in their day: no agent name sorts them.
  const username = (row: { agent: { username: string } | null }) => row.agent?.username ?? "\uffff";
  return [...agentRows, ...digitalRows(db, range)].sort(
    (a, b) => a.day.localeCompare(b.day) || username(a).localeCompare(username(b)),
  );
};

/**
 * Extension `digital-card`: per day, the digital cards their holders first opened. A holder's doing, not an agent's:
 * a row of its own with no agent, counted on the first opening only (refreshes are not).
 */
const digitalRows = (db: DemoDb, range: { from: string; to: string }) => {
  const perDay = new Map<string, number>();
  for (const kind of Object.values(kinds) as AnyKind[]) {
    for (const card of db.cards(kind.id)) {
      if (!card.digital) continue;
      const day = doualaDay(Date.parse(card.digital.issued_at));
      if (day >= range.from && day <= range.to) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }
  return [...perDay].map(([day, digital]) => ({ day, agent: null, digital }));
};

/**
 * `GET /base/api/v1/cards/activity/items/?from=&to=&action=[&agent=]`: the cards and demands behind one count, one
 * agent's (their username) or every agent's, oldest first; `action` is required, one of the counts.
 */
export const activityItems = (db: DemoDb, params: URLSearchParams) => {
  const range = activityRange(params);
  const action = params.get("action");
  if (action === null || action === "") return badRequest({ action: ["This field is required."] });
  if (!isOneOf(activityActions, action))
    return badRequest({ action: [`${JSON.stringify(action)} is not a valid choice.`] });
  const username = params.get("agent");
  const agentId = username === null || username === "" ? null : (db.userByName(username)?.id ?? -1);
  return actionsOf(db)
    .filter((acted) => {
      if (acted.action !== action || acted.byId === null || acted.byId === undefined) return false;
      if (agentId !== null && acted.byId !== agentId) return false;
      const day = doualaDay(Date.parse(acted.at));
      return day >= range.from && day <= range.to;
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map(({ at, item: { kind, card, demand } }) => {
      const record = demand ?? (card ? db.demandOfCard(card) : undefined);
      const fields = record?.fields ?? {};
      return {
        kind: kind.id,
        item: card ? "card" : "demand",
        id: card?.id ?? demand?.id ?? "",
        code: card?.code ?? demand?.code ?? "",
        register: typeof fields.register === "string" ? fields.register : null,
        name: [fields.firstname, fields.lastname].filter((part) => typeof part === "string" && part !== "").join(" "),
        at,
      };
    });
};
