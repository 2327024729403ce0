import { kinds, type AnyKind } from "../kinds";
import { AVATAR_COUNT } from "./avatar";
import { DAY_MS, isoWat } from "./dates";
import { emptyData } from "./db";
import { demandFieldSpecs, hasPhoto } from "./fields";
import type { CardRecord, DemandRecord, DemoData, FieldValue, UserRecord } from "./models";
import { createRng, randomToken, type Rng } from "./random";
import { personFields } from "./seed-people";

export interface SeedOptions {
  /** Seed of the pseudo-random generator: same seed, same people. */
  readonly seed: number;
  /** Extra demands per kind on top of the 90 base ones. */
  readonly bulk: number;
  /** The instant seeded dates lead up to (ms). */
  readonly anchor: number;
}

/** Per kind: 90 demands, of which 30 validated with a card (spec brief: 60 pending + 30 validated). */
export const BASE_DEMANDS = 90;
const SPAN_MS = 180 * DAY_MS;

export const DEMO_PASSWORDS = { admin: "Admin@2026", agent: "Agent@2026" } as const;

const seedUsers = (): UserRecord[] => [
  { id: 1, username: "admin", password: DEMO_PASSWORDS.admin, first_name: "Aïcha", last_name: "Ngono", email: "aicha.ngono@usa.cm", group: "Admin" },
  { id: 2, username: "agent", password: DEMO_PASSWORDS.agent, first_name: "Serge", last_name: "Mbarga", email: "serge.mbarga@usa.cm", group: "Agent" },
  { id: 3, username: "eabanda", password: DEMO_PASSWORDS.agent, first_name: "Éloïse", last_name: "Abanda", email: "eloise.abanda@usa.cm", group: "Agent" },
  { id: 4, username: "jpfotso", password: DEMO_PASSWORDS.agent, first_name: "Jean-Pierre", last_name: "Fotso", email: "jp.fotso@usa.cm", group: "Agent" },
  { id: 5, username: "ntchinda", password: DEMO_PASSWORDS.agent, first_name: "Nadège", last_name: "Tchinda", email: "nadege.tchinda@usa.cm", group: "Agent" },
];

const pad6 = (n: number) => String(n).padStart(6, "0");
export const demandCode = (kind: AnyKind, seq: number): string => `${kind.demandPrefix}${pad6(seq)}`;
export const cardCode = (kind: AnyKind, seq: number): string => `${kind.codePrefix}${pad6(seq)}`;

/** Keeps the fields the kind's schema declares, from a person that has every field. */
const fieldsFor = (kind: AnyKind, person: Record<string, FieldValue>): Record<string, FieldValue> =>
  Object.fromEntries(
    demandFieldSpecs(kind).map(({ name }) => {
      if (!(name in person)) throw new Error(`No sample value for ${kind.id}.${name}`);
      return [name, person[name] ?? null];
    }),
  );

/** Indexes of `count` records chosen among the oldest two thirds (older demands are the ones already handled). */
const pickValidated = (rng: Rng, total: number, count: number): Set<number> => {
  const pool = Array.from({ length: Math.floor((total * 2) / 3) }, (_, i) => i);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return new Set(pool.slice(0, count));
};

const seedKind = (data: DemoData, kind: AnyKind, options: SeedOptions, kindIndex: number): void => {
  const rng = createRng((options.seed * 7919 + kindIndex * 104729) >>> 0);
  const total = BASE_DEMANDS + Math.max(0, Math.floor(options.bulk));
  const validated = pickValidated(rng, total, Math.round(total / 3));
  const withPhoto = hasPhoto(kind);
  const registers = new Set<string>();
  const start = options.anchor - SPAN_MS;
  const demands: DemandRecord[] = [];
  const pending: { demand: DemandRecord; at: number }[] = [];
  for (let i = 0; i < total; i++) {
    const inserted = Math.floor(start + (i + rng.next() * 0.9) * (SPAN_MS / total));
    const seq = i + 1;
    const demand: DemandRecord = {
      id: rng.uuid(),
      kind: kind.id,
      seq,
      code: demandCode(kind, seq),
      insert_at: isoWat(inserted),
      update_at: null,
      validated: false,
      fields: fieldsFor(kind, personFields(rng, kind.id, registers)),
      photo: withPhoto && rng.chance(0.92) ? `avatar:${rng.int(0, AVATAR_COUNT - 1)}` : null,
    };
    if (validated.has(i)) {
      const at = Math.min(inserted + rng.int(1, 14) * DAY_MS + rng.int(0, 8 * 3600) * 1000, options.anchor - 600_000);
      demand.validated = true;
      demand.update_at = isoWat(at);
      pending.push({ demand, at });
    }
    demands.push(demand);
  }
  pending.sort((a, b) => a.at - b.at);
  const cards: CardRecord[] = pending.map(({ demand, at }, i) => ({
    id: rng.uuid(),
    kind: kind.id,
    seq: i + 1,
    code: cardCode(kind, i + 1),
    demandId: demand.id,
    token: randomToken(16),
    valid: !rng.chance(0.1),
    update_at: isoWat(at),
    print_count: rng.chance(0.45) ? rng.int(1, 3) : 0,
    validatorId: rng.pick([1, 2, 2, 3, 4]),
  }));
  data.demands[kind.id] = demands.reverse();
  data.cards[kind.id] = cards.reverse();
  data.seq.demand[kind.id] = total;
  data.seq.card[kind.id] = cards.length;
};

/** The whole seeded database. Card tokens come from crypto (not the seed): see persist.ts for how they survive. */
export const seedData = (options: SeedOptions): DemoData => {
  const data = emptyData();
  data.users = seedUsers();
  data.seq.user = data.users.length;
  (Object.values(kinds) as AnyKind[]).forEach((kind, i) => seedKind(data, kind, options, i));
  return data;
};
