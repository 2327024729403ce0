import type { KindId } from "../api/kind-ids";
import { kinds, type AnyKind } from "../kinds";
import { AVATAR_COUNT } from "./avatar";
import { DAY_MS, isoWat } from "./dates";
import { emptyData } from "./db";
import { demandFieldSpecs, hasPhoto } from "./fields";
import type { CardRecord, DemandRecord, DemoData, FieldValue, UserRecord } from "./models";
import { createRng, derivedToken, randomToken, randomTokens, type Rng } from "./random";
import { freshRegister, personFields } from "./seed-people";
import { runAtOnce, type Steps } from "./slices";
import { DEMO_PASSWORDS } from "./demo-accounts";

export interface SeedOptions {
  /** Seed of the pseudo-random generator: same seed, same people. */
  readonly seed: number;
  /** Extra demands per kind on top of the 90 base ones. */
  readonly bulk: number;
  /** The instant seeded dates lead up to (ms). */
  readonly anchor: number;
  /** The browser's secret the seeded cards' tokens derive from (random tokens without it). */
  readonly tokenSecret?: string;
}

/** Per kind: 90 demands, of which 30 validated with a card (spec brief: 60 pending + 30 validated). */
export const BASE_DEMANDS = 90;
const SPAN_MS = 180 * DAY_MS;

export const seedUsers = (): UserRecord[] => [
  {
    id: 1,
    username: "admin",
    password: DEMO_PASSWORDS.admin,
    first_name: "Aïcha",
    last_name: "Ngono",
    email: "aicha.ngono@usa.cm",
    group: "Admin",
  },
  {
    id: 2,
    username: "agent",
    password: DEMO_PASSWORDS.agent,
    first_name: "Serge",
    last_name: "Mbarga",
    email: "serge.mbarga@usa.cm",
    group: "Agent",
  },
  {
    id: 3,
    username: "eabanda",
    password: DEMO_PASSWORDS.agent,
    first_name: "Éloïse",
    last_name: "Abanda",
    email: "eloise.abanda@usa.cm",
    group: "Agent",
  },
  {
    id: 4,
    username: "jpfotso",
    password: DEMO_PASSWORDS.agent,
    first_name: "Jean-Pierre",
    last_name: "Fotso",
    email: "jp.fotso@usa.cm",
    group: "Agent",
  },
  {
    id: 5,
    username: "ntchinda",
    password: DEMO_PASSWORDS.agent,
    first_name: "Nadège",
    last_name: "Tchinda",
    email: "nadege.tchinda@usa.cm",
    group: "Agent",
  },
];

const pad6 = (n: number) => String(n).padStart(6, "0");
export const demandCode = (kind: AnyKind, seq: number): string => `${kind.demandPrefix}${pad6(seq)}`;

/**
 * A new demand's code: the kind's prefix and 9 random digits (the seed's sequential codes keep their numbers). A
 * code and a registration number open a request's state (extension `track`): a code that follows the previous one
 * would let anyone walk through every applicant's request.
 */
export const newDemandCode = (kind: AnyKind, taken: (code: string) => boolean): string => {
  for (;;) {
    const [random = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
    const code = `${kind.demandPrefix}${String(random % 1_000_000_000).padStart(9, "0")}`;
    if (!taken(code)) return code;
  }
};
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

/** A third of the demands are validated, each with a card. */
const validatedCount = (total: number): number => Math.round(total / 3);

/** The number of seeded cards of each kind. */
export const seededCardCount = (bulk: number): number => validatedCount(BASE_DEMANDS + Math.max(0, Math.floor(bulk)));

/** Records made between two pauses of a sliced start (see slices.ts); a few milliseconds of work each. */
const RECORDS_PER_STEP = 200;

/**
 * Bulk demands (performance work: 10,000 per kind) reuse the people of the first records, each with a
 * registration number of its own: 30,000 distinct people cost the browser's start about three times the
 * memory and time, for nothing a list or a search shows differently.
 */
const DISTINCT_PEOPLE = 500;
const avatarRefs = Array.from({ length: AVATAR_COUNT }, (_, i) => `avatar:${i}`);

/** One kind's seeded records, newest first. */
export interface KindRecords {
  demands: DemandRecord[];
  cards: CardRecord[];
}

/** One kind's seeded demands and cards, in steps (see slices.ts). */
export function* seedKind(kind: AnyKind, options: SeedOptions): Steps<KindRecords> {
  const kindIndex = (Object.keys(kinds) as KindId[]).indexOf(kind.id);
  const rng = createRng((options.seed * 7919 + kindIndex * 104729) >>> 0);
  const total = BASE_DEMANDS + Math.max(0, Math.floor(options.bulk));
  const validated = pickValidated(rng, total, validatedCount(total));
  yield;
  demandFieldSpecs(kind); // read from the kind's schemas once, in a step of its own
  yield;
  const withPhoto = hasPhoto(kind);
  const registers = new Set<string>();
  const start = options.anchor - SPAN_MS;
  const demands: DemandRecord[] = [];
  const people: Record<string, FieldValue>[] = [];
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
      fields:
        i < DISTINCT_PEOPLE
          ? fieldsFor(kind, personFields(rng, kind.id, registers))
          : { ...people[i % DISTINCT_PEOPLE], register: freshRegister(rng, kind.id, registers) },
      photo: withPhoto && rng.chance(0.92) ? (avatarRefs[rng.int(0, AVATAR_COUNT - 1)] ?? null) : null,
    };
    if (validated.has(i)) {
      const at = Math.min(inserted + rng.int(1, 14) * DAY_MS + rng.int(0, 8 * 3600) * 1000, options.anchor - 600_000);
      demand.validated = true;
      demand.update_at = isoWat(at);
      pending.push({ demand, at });
    }
    demands.push(demand);
    if (i < DISTINCT_PEOPLE) people.push(demand.fields);
    if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
  }
  yield;
  pending.sort((a, b) => a.at - b.at);
  const cards: CardRecord[] = [];
  // Tokens are drawn a step's worth at a time: all of a bulk kind's at once would be one long task.
  let tokens: string[] = [];
  for (const [i, { demand, at }] of pending.entries()) {
    if (i % RECORDS_PER_STEP === 0) {
      const count = Math.min(RECORDS_PER_STEP, pending.length - i);
      const secret = options.tokenSecret;
      tokens = secret
        ? Array.from({ length: count }, (_, j) => derivedToken(secret, `${kind.id}:${i + j + 1}`))
        : randomTokens(count);
    }
    cards.push({
      id: rng.uuid(),
      kind: kind.id,
      seq: i + 1,
      code: cardCode(kind, i + 1),
      demandId: demand.id,
      token: tokens[i % RECORDS_PER_STEP] ?? randomToken(),
      valid: !rng.chance(0.1),
      update_at: isoWat(at),
      print_count: rng.chance(0.45) ? rng.int(1, 3) : 0,
      validatorId: rng.pick([1, 2, 2, 3, 4]),
    });
    if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
  }
  yield;
  return { demands: demands.reverse(), cards: cards.reverse() };
}

/** The seeded users, and sequences that continue after the seeded records of every kind. */
export const seedPeople = (bulk: number): Pick<DemoData, "users" | "seq"> => {
  const users = seedUsers();
  const seq = emptyData().seq;
  seq.user = users.length;
  const total = BASE_DEMANDS + Math.max(0, Math.floor(bulk));
  for (const kind of Object.keys(kinds) as KindId[]) {
    seq.demand[kind] = total;
    seq.card[kind] = validatedCount(total);
  }
  return { users, seq };
};

/** The whole seeded database at once. Card tokens come from crypto (not the seed): see persist.ts. */
export const seedData = (options: SeedOptions): DemoData => {
  const data = { ...emptyData(), ...seedPeople(options.bulk) };
  for (const kind of Object.values(kinds) as AnyKind[]) {
    const records = runAtOnce(seedKind(kind, options));
    data.demands[kind.id] = records.demands;
    data.cards[kind.id] = records.cards;
  }
  return data;
};
