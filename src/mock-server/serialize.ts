import type { AnyKind } from "../kinds";
import { academicYear } from "./dates";
import type { DemoDb } from "./db";
import { schemaKeys } from "./fields";
import { lifecycleFields } from "./lifecycle";
import type { CardRecord, DemandRecord } from "./models";

/**
 * JSON answers built from records, keeping exactly the keys the kind's schema declares: nothing internal
 * (card tokens, photo references, sequence numbers) ever leaves the server.
 */
const pick = (keys: readonly string[], source: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));

/** Who validated a demand (its card's validator), as cards name them; null while pending. */
const validatorOf = (db: DemoDb, d: DemandRecord) => {
  const card = d.validated ? db.cardOfDemand(d.id) : undefined;
  const user = card && card.validatorId !== null ? db.user(card.validatorId) : undefined;
  return user ? { username: user.username, first_name: user.first_name } : null;
};

export const demandJson = (db: DemoDb, kind: AnyKind, d: DemandRecord): Record<string, unknown> =>
  pick(schemaKeys(kind.schemas.demand), {
    ...d.fields,
    id: d.id,
    code: d.code,
    insert_at: d.insert_at,
    validated: d.validated,
    validator: validatorOf(db, d),
    photo_str: db.photo(d.photo),
    rejection: rejectionJson(d),
    renews: d.renews,
    corrected: d.corrected,
    notes: d.notes,
  });

/** Extension `reject`: the demand's rejection as read back (the e-mail it caused stays inside). */
const rejectionJson = ({ rejection }: DemandRecord) =>
  rejection
    ? {
        status: rejection.status,
        reason: rejection.reason,
        comment: rejection.comment,
        at: rejection.at,
        ...(rejection.fields ? { fields: rejection.fields } : {}),
      }
    : undefined;

/** A demand as a list shows it: without its photo, which only the detail needs (a page of ten stays light). */
export const demandListJson = (db: DemoDb, kind: AnyKind, d: DemandRecord): Record<string, unknown> => {
  const { photo_str: _photo, ...rest } = demandJson(db, kind, d);
  return rest;
};

/** Everything known about a card: its demand's fields under the card's own identity. */
const cardSource = (db: DemoDb, kind: AnyKind, c: CardRecord): Record<string, unknown> => {
  const demand = db.demandOfCard(c);
  const validator = c.validatorId === null ? undefined : db.user(c.validatorId);
  return {
    ...demand.fields,
    insert_at: demand.insert_at,
    id: c.id,
    code: c.code,
    valid: c.valid,
    update_at: c.update_at,
    print_count: c.print_count,
    validator: validator ? { username: validator.username, first_name: validator.first_name } : null,
    photo_str: db.photo(demand.photo),
    duration_year_str: academicYear(c.life?.issuedAt ?? c.update_at),
    renews: demand.renews ?? null,
    // The lifecycle extension's fields; the kind's schema decides which an answer carries (the check: no note, no agent).
    ...lifecycleFields(db, kind, c),
    // Extension `digital-card`: when the holder's phone first opened the card and last refreshed it.
    digital_issued_at: c.digital?.issued_at ?? null,
    digital_refreshed_at: c.digital?.refreshed_at ?? null,
  };
};

export const cardJson = (db: DemoDb, kind: AnyKind, c: CardRecord): Record<string, unknown> =>
  pick(schemaKeys(kind.schemas.card), cardSource(db, kind, c));

export const checkJson = (db: DemoDb, kind: AnyKind, c: CardRecord): Record<string, unknown> =>
  pick(schemaKeys(kind.schemas.check), cardSource(db, kind, c));
