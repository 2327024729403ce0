import { kindIds } from "../api/kind-ids";
import { kinds } from "../kinds";
import { AVATAR_COUNT, avatarBase64 } from "./avatar";
import { DemoDb, emptyData, type OpenedKind } from "./db";
import { readSnapshot, restoreKind, seedTokensOf, type Snapshot } from "./persist";
import { seedKind, seedPeople, type SeedOptions } from "./seeds";
import { randomToken } from "./random";
import type { Steps } from "./slices";
import type { SnapshotStore } from "./snapshot-store";

export interface OpenedDatabase {
  readonly db: DemoDb;
  readonly seedOptions: SeedOptions;
  /** The stored snapshot's kinds, written back for kinds not open yet when the database is saved. */
  readonly saved: Snapshot["kinds"];
}

/**
 * The demo database: users, sessions and sequences at once (from the stored snapshot when one matches these
 * options, else the seed), each kind's records on first use. A kind costs ~1 ms per 100 demands to seed; an
 * agent working on students never pays for staff and teachers, and the browser opens a kind in slices
 * (DemoDb.open) so even 10,000 extra demands per kind make no long task.
 */
export const openDatabase = (options: {
  readonly seed: number;
  readonly bulk: number;
  readonly persist: boolean;
  readonly store?: SnapshotStore;
  /** The clock new seeded dates lead up to. Default Date.now. */
  readonly now?: () => number;
}): OpenedDatabase => {
  const saved = options.persist ? readSnapshot(options, options.store) : null;
  // The seeded cards' tokens derive from a secret kept with the snapshot from the first start (saved at once by the
  // engine), so every tab of the browser seeds the same tokens.
  const seedOptions: SeedOptions = {
    seed: options.seed,
    bulk: options.bulk,
    anchor: saved?.anchor ?? (options.now ?? Date.now)(),
    tokenSecret: saved?.tokenSecret ?? randomToken(16),
  };
  const people = seedPeople(options.bulk);
  const data = {
    ...emptyData(),
    users: saved?.users ?? people.users,
    sessions: saved?.sessions ?? {},
    photos: saved?.photos ?? {},
    seq: saved?.seq ?? people.seq,
    ...(saved?.signingKey ? { signingKey: saved.signingKey } : {}),
  };
  const db = new DemoDb(data);
  for (const kind of kindIds) {
    db.defer(kind, function* (): Steps<OpenedKind> {
      const seeded = yield* seedKind(kinds[kind], seedOptions);
      const restored = restoreKind(seeded, saved?.kinds[kind]);
      // The seed's avatar pictures are drawn once each, here, rather than all in the first answer that shows them.
      for (let i = 0; i < AVATAR_COUNT; i++) {
        avatarBase64(i);
        yield;
      }
      // After restoreKind: the seeded cards carry their stored tokens again.
      return { ...restored, tokens: seedTokensOf(seeded.cards) };
    });
  }
  return { db, seedOptions, saved: saved?.kinds ?? {} };
};
