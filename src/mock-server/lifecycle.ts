import {
  academicYearEndDay,
  cardStateOn,
  daysLeft,
  DEFAULT_VALIDITY_RULES,
  doualaDay,
  EXPIRY_SOON_DAYS,
  validUntilOf,
} from "../api/card-validity";
import { isSuspendReason, type CardState, type RenewalRefusalCode } from "../api/schemas/lifecycle";
import { kinds, type AnyKind } from "../kinds";
import { academicYear, isoWat } from "./dates";
import type { DemoDb } from "./db";
import { badRequest } from "./http";
import type { CardRecord, DemandRecord, LifeEvent, UserRecord } from "./models";
import { randomToken, randomUuid } from "./random";
import { renewalFields } from "./renewal-level";
import { cardCode, newDemandCode } from "./seeds";
import { FREE_TEXT_MAX } from "../forms/text-chars";
import { freeTextErrors } from "./free-text";

/**
 * The demo backend's card lifecycle (docs/extensions.md, `lifecycle`): what each call does to the records, and the
 * answer fields and events it derives. Errors are DRF's: 400 with `{"field": ["message"]}`.
 */

const validator = (db: DemoDb, id: number | null | undefined) => {
  const user = id === null || id === undefined ? undefined : db.user(id);
  return user ? { username: user.username, first_name: user.first_name } : null;
};

/** The day the card was issued: kept in its life once update_at moves on. */
export const issuedAt = (c: CardRecord): string => c.life?.issuedAt ?? c.update_at;

/** The card's last valid day under the default rules (the demo declares no cardValidity). */
export const validUntil = (kind: AnyKind, c: CardRecord): string | null =>
  validUntilOf(kind.id, {
    duration_year_str: academicYear(issuedAt(c)),
    insert_at: issuedAt(c),
    update_at: issuedAt(c),
  });

/** The card's state today (the backend's clock, which tests drive). */
export const stateOf = (db: DemoDb, kind: AnyKind, c: CardRecord): CardState | null =>
  cardStateOn(
    kind.id,
    { valid: c.valid, state: c.life?.state ?? null, valid_until: validUntil(kind, c), update_at: issuedAt(c) },
    doualaDay(db.now()),
    DEFAULT_VALIDITY_RULES,
  );

/** The dashboard's lifecycle counts, every kind together: suspended cards, active ones ending within 30 days. */
export const lifecycleStats = (db: DemoDb): { suspended_cards: number; expiring_cards: number } => {
  const today = doualaDay(db.now());
  let suspended = 0;
  let expiring = 0;
  for (const kind of Object.values(kinds) as AnyKind[]) {
    for (const c of db.cards(kind.id)) {
      const state = stateOf(db, kind, c);
      const end = validUntil(kind, c);
      if (state === "suspended") suspended++;
      else if (state === "active" && end !== null && daysLeft(end, today) < EXPIRY_SOON_DAYS) expiring++;
    }
  }
  return { suspended_cards: suspended, expiring_cards: expiring };
};

/** The answer fields of the public check and of an agent's card answer. */
export const lifecycleFields = (db: DemoDb, kind: AnyKind, c: CardRecord): Record<string, unknown> => ({
  state: stateOf(db, kind, c),
  state_reason: c.life?.reason ?? null,
  state_at: c.life?.at ?? null,
  valid_until: validUntil(kind, c),
  sequence: c.life?.sequence ?? 1,
  state_note: c.life?.note ?? null,
  state_by: validator(db, c.life?.byId),
  replaced_by: c.life?.replacedBy ?? null,
  replaces: c.life?.replaces ?? null,
});

const conflict = (message: string): never => badRequest({ state: [message] });

const noteOf = (body: Record<string, unknown>): string => {
  const note = body.note ?? "";
  if (typeof note !== "string") return badRequest({ note: ["Not a valid string."] });
  const errors = freeTextErrors(note, FREE_TEXT_MAX.note);
  if (errors) return badRequest({ note: errors });
  return note.trim();
};

const objectBody = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};

const change = (db: DemoDb, c: CardRecord, patch: Partial<CardRecord>, event: LifeEvent) => {
  const life = { ...c.life, issuedAt: issuedAt(c), ...patch.life, events: [...(c.life?.events ?? []), event] };
  db.updateCard(c, { ...patch, life, update_at: event.at });
};

export const suspend = (db: DemoDb, kind: AnyKind, c: CardRecord, user: UserRecord | null, raw: unknown) => {
  const body = objectBody(raw);
  const problems: Record<string, string[]> = {};
  if (body.reason === undefined || body.reason === "") problems.reason = ["This field is required."];
  else if (!isSuspendReason(body.reason)) problems.reason = [`${JSON.stringify(body.reason)} is not a valid choice.`];
  if (body.reported_by_holder !== undefined && typeof body.reported_by_holder !== "boolean")
    problems.reported_by_holder = ["Must be a valid boolean."];
  if (Object.keys(problems).length > 0) badRequest(problems);
  const note = noteOf(body);
  if (stateOf(db, kind, c) !== "active") conflict("Only an active card can be suspended.");
  const at = isoWat(db.now());
  const reason = String(body.reason);
  const byId = user?.id ?? null;
  change(
    db,
    c,
    { valid: false, life: { state: "suspended", reason, note, at, byId } },
    { kind: "suspended", at, byId, reason, note, reported_by_holder: body.reported_by_holder === true },
  );
};

export const reactivate = (db: DemoDb, kind: AnyKind, c: CardRecord, user: UserRecord | null, raw: unknown) => {
  const note = noteOf(objectBody(raw));
  const state = stateOf(db, kind, c);
  if (state === "replaced") conflict("A replaced card cannot be reactivated.");
  if (state !== "suspended") conflict("Only a suspended card can be reactivated.");
  const at = isoWat(db.now());
  const byId = user?.id ?? null;
  change(
    db,
    c,
    { valid: true, life: { state: undefined, reason: undefined, note, at, byId } },
    { kind: "reactivated", at, byId, note },
  );
};

/** Issues the replacement card (same demand, new code and token, sequence + 1); answers it. */
export const replace = (
  db: DemoDb,
  kind: AnyKind,
  c: CardRecord,
  user: UserRecord | null,
  raw: unknown,
): CardRecord => {
  const body = objectBody(raw);
  const problems: Record<string, string[]> = {};
  const fee = body.fee_amount;
  if (fee === undefined || fee === null || fee === "") problems.fee_amount = ["This field is required."];
  else if (typeof fee !== "number" || !Number.isInteger(fee)) problems.fee_amount = ["A valid integer is required."];
  else if (fee < 0) problems.fee_amount = ["Ensure this value is greater than or equal to 0."];
  const reference = typeof body.payment_reference === "string" ? body.payment_reference.trim() : "";
  if (reference === "") problems.payment_reference = ["This field is required."];
  else {
    const errors = freeTextErrors(reference, FREE_TEXT_MAX.paymentReference);
    if (errors) problems.payment_reference = errors;
  }
  if (Object.keys(problems).length > 0) badRequest(problems);
  const note = noteOf(body);
  const state = stateOf(db, kind, c);
  if (state !== "active" && state !== "suspended") conflict("Only an active or suspended card can be replaced.");
  const at = isoWat(db.now());
  const byId = user?.id ?? null;
  const seq = db.nextCardSeq(kind.id);
  const fee_amount = typeof fee === "number" ? fee : 0;
  const next: CardRecord = {
    id: randomUuid(),
    kind: kind.id,
    seq,
    code: cardCode(kind, seq),
    demandId: c.demandId,
    token: randomToken(16),
    valid: true,
    update_at: at,
    print_count: 0,
    validatorId: byId,
    life: {
      sequence: (c.life?.sequence ?? 1) + 1,
      replaces: c.id,
      issuedAt: at,
      events: [{ kind: "replacing", at, byId, card: c.id, fee_amount, payment_reference: reference, note }],
    },
  };
  change(
    db,
    c,
    { valid: false, life: { state: "replaced", replacedBy: next.id, at, byId, note } },
    { kind: "replaced", at, byId, card: next.id, fee_amount, payment_reference: reference, note },
  );
  db.addCard(next);
  return next;
};

/** Why a card cannot be renewed, as bulk renewal reports it (docs/extensions.md): a code, and words for people. */
const renewalRefusal = (
  db: DemoDb,
  kind: AnyKind,
  c: CardRecord,
): { code: RenewalRefusalCode; detail: string } | null =>
  !renewalDue(db, kind, c)
    ? { code: "not_expired", detail: "Only a card expired or ending this academic year can be renewed." }
    : c.life?.events?.some((e) => e.kind === "renewed")
      ? { code: "already_renewed", detail: "This card has already been renewed." }
      : null;

/** Expired, or active with its last day within the academic year under way: renewed ahead, it stays active meanwhile. */
const renewalDue = (db: DemoDb, kind: AnyKind, c: CardRecord): boolean => {
  const state = stateOf(db, kind, c);
  const end = validUntil(kind, c);
  return (
    state === "expired" ||
    (state === "active" && end !== null && end <= academicYearEndDay(doualaDay(db.now()), DEFAULT_VALIDITY_RULES))
  );
};

/** Makes the pending demand that renews a card (its holder's fields for the next year, a new code); answers it. */
export const renew = (db: DemoDb, kind: AnyKind, c: CardRecord, user: UserRecord | null): DemandRecord => {
  const refusal = renewalRefusal(db, kind, c);
  if (refusal?.code === "not_expired") conflict(refusal.detail);
  if (refusal) badRequest({ non_field_errors: [refusal.detail] });
  const old = db.demandOfCard(c);
  const at = isoWat(db.now());
  const seq = db.nextDemandSeq(kind.id);
  const demand: DemandRecord = {
    id: randomUuid(),
    kind: kind.id,
    seq,
    code: newDemandCode(kind, (code) => db.demands(kind.id).some((d) => d.code === code)),
    insert_at: at,
    update_at: null,
    validated: false,
    fields: renewalFields(old.fields),
    photo: old.photo,
    renews: c.id,
  };
  db.addDemand(demand);
  change(db, c, {}, { kind: "renewed", at, byId: user?.id ?? null, demand: demand.id });
  return demand;
};

/** Bulk renewal: each card renewed or refused with the reason, never all-or-nothing. */
export const renewMany = (db: DemoDb, kind: AnyKind, user: UserRecord | null, raw: unknown) => {
  const ids = objectBody(raw).cards;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === "string"))
    return badRequest({ cards: ["Expected a non-empty list of card ids."] });
  if (ids.length > 500) return badRequest({ cards: ["Ensure this field has no more than 500 elements."] });
  const created: { card: string; demand: string; code: string }[] = [];
  const refused: { card: string; code: RenewalRefusalCode; detail: string }[] = [];
  for (const id of ids) {
    const card = db.card(kind.id, id);
    if (!card) {
      refused.push({ card: id, code: "not_found", detail: "Not found." });
      continue;
    }
    const refusal = renewalRefusal(db, kind, card);
    if (refusal) {
      refused.push({ card: id, ...refusal });
      continue;
    }
    const demand = renew(db, kind, card, user);
    created.push({ card: id, demand: demand.id, code: demand.code });
  }
  return { created, refused };
};

/** The card's timeline: submitted and validated (or replacing) from the records, then what its life recorded. */
export const eventsOf = (db: DemoDb, c: CardRecord) => {
  const demand = db.demandOfCard(c);
  const own = c.life?.events ?? [];
  const derived: LifeEvent[] = [{ kind: "submitted", at: demand.insert_at }];
  if (!own.some((e) => e.kind === "replacing"))
    derived.push({ kind: "validated", at: issuedAt(c), byId: c.validatorId });
  return [...derived, ...own].map((e) => ({
    kind: e.kind,
    at: e.at,
    by: validator(db, e.byId),
    ...(e.reason === undefined ? {} : { reason: e.reason }),
    ...(e.note === undefined || e.note === "" ? {} : { note: e.note }),
    ...(e.card === undefined ? {} : { card: e.card }),
    ...(e.fee_amount === undefined ? {} : { fee_amount: e.fee_amount }),
    ...(e.payment_reference === undefined ? {} : { payment_reference: e.payment_reference }),
    ...(e.demand === undefined ? {} : { demand: e.demand }),
    ...(e.reported_by_holder === undefined ? {} : { reported_by_holder: e.reported_by_holder }),
  }));
};

/** A print notice, for the timeline. */
export const recordPrint = (db: DemoDb, c: CardRecord, user: UserRecord | null) => {
  const at = isoWat(db.now());
  const life = {
    ...c.life,
    issuedAt: issuedAt(c),
    events: [...(c.life?.events ?? []), { kind: "printed", at, byId: user?.id ?? null }],
  };
  db.updateCard(c, { life });
};

/** `?state=` on a card list: one of the states, or no filter. */
export const stateFilter = (raw: string | null): CardState | "inactive" | null =>
  raw === "active" || raw === "suspended" || raw === "replaced" || raw === "expired" || raw === "inactive" ? raw : null;
