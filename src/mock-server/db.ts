import type { KindId } from "../api/kind-ids";
import { kindIds } from "../api/kind-ids";
import { AVATAR_COUNT, avatarBase64 } from "./avatar";
import type { CardRecord, DemandRecord, DemoData, DemoSigningKey, Group, UserRecord } from "./models";

/** A kind's records as opened: seeded, with what was saved laid over them (see open.ts). */
export interface OpenedKind {
  readonly demands: DemandRecord[];
  readonly cards: CardRecord[];
  /** The seeded cards' tokens, by card sequence. */
  readonly tokens: string[];
  /** Ids of records that differ from the seed. */
  readonly dirty: { readonly demands: readonly string[]; readonly cards: readonly string[] };
}
import { Guards } from "./guards";
import { randomToken, randomUuid } from "./random";
import { runAtOnce, runInSlices, type Steps } from "./slices";

const byKind = <T>(make: () => T): Record<KindId, T> =>
  Object.fromEntries(kindIds.map((k) => [k, make()])) as Record<KindId, T>;

export const emptyData = (): DemoData => ({
  users: [],
  sessions: {},
  demands: byKind(() => []),
  cards: byKind(() => []),
  photos: {},
  seq: { user: 0, demand: byKind(() => 0), card: byKind(() => 0) },
});

/**
 * The demo database: plain arrays (newest first) plus lookup indexes. Every change goes through a method here,
 * which records what changed so persistence can save only records that differ from the seed.
 */
/** A signed-in token's default lifetime: a working day. */
export const DEFAULT_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/**
 * How passwords and bearer tokens are kept in `data`. The browser's demo keeps them as given (its data never
 * leaves the browser); the classroom server, whose file sits on a shared laptop, keeps scrypt hashes and token
 * digests (scripts/lib/classroom-secrets.ts).
 */
export interface Secrets {
  hashPassword(password: string): string;
  /** May answer later: the classroom server's scrypt runs off the event loop. */
  verifyPassword(stored: string, password: string): boolean | Promise<boolean>;
  /** The key a token is stored under in `data.sessions`. */
  tokenKey(token: string): string;
}
/**
 * Where uploaded photos live once saved (the classroom server's folder beside its data file): named by their
 * content, read when asked, never held in memory. `data.photos` then holds only photos not saved yet.
 */
export interface PhotoFiles {
  /** The name a photo is stored under: a digest of its content, so one picture is stored once. */
  keyOf(base64: string): string;
  /** The saved photo, or null. */
  read(key: string): string | null;
  has(key: string): boolean;
  /** Writes a new photo at once; without it a new photo waits in `data.photos` for the owner's save. */
  write?(key: string, base64: string): void;
}
export const plainSecrets: Secrets = {
  hashPassword: (p) => p,
  verifyPassword: (stored, p) => stored === p,
  tokenKey: (t) => t,
};

/** Records indexed between two pauses of a sliced start (slices.ts): a phone's slowed step stays short. */
const INDEX_PER_STEP = 200;

export class DemoDb {
  private demandIndex = new Map<string, DemandRecord>();
  private registerIndex = new Map<string, DemandRecord>();
  private cardIndex = new Map<string, CardRecord>();
  private tokenIndex = new Map<string, CardRecord>();
  private demandCardIndex = new Map<string, CardRecord>();
  /** Ids of demands and cards changed or created since the seed. */
  readonly dirty = { demands: new Set<string>(), cards: new Set<string>() };
  /** Called after every change (persistence hooks in here). */
  onChange: () => void = () => {};
  /** The clock of token lifetimes and sign-in throttling (tests drive it). */
  now: () => number = () => Date.now();
  /** How long a signed-in token lasts (docs/assumptions.md). */
  sessionTtlMs = DEFAULT_SESSION_TTL_MS;
  /** When each token was issued; a token restored from storage counts from the moment it is first seen. */
  private sessionOpened = new Map<string, number>();
  /** Sign-in and lookup throttling (guards.ts), on this database's clock. */
  readonly guards = new Guards(() => this.now());
  /** How passwords and tokens are kept (plain in the browser's demo). */
  secrets: Secrets = plainSecrets;
  /** Saved photos outside memory (the classroom server); none: every photo lives in `data.photos`. */
  photoFiles: PhotoFiles | null = null;

  /** Each open kind's seeded cards' tokens, by card sequence (persistence keeps them: see persist.ts). */
  seedTokens: Partial<Record<KindId, string[]>> = {};
  /** Kinds whose records are made on first use (the browser's start, see open.ts), as install steps. */
  private lazy = new Map<KindId, Steps<void>>();
  private opening = new Map<KindId, Promise<void>>();

  constructor(public data: DemoData) {
    this.reindex();
  }

  /** Makes the kind's records on first use instead of now: `make` seeds and restores them in steps. */
  defer(kind: KindId, make: () => Steps<OpenedKind>): void {
    this.lazy.set(kind, this.installSteps(kind, make));
  }

  isOpen(kind: KindId): boolean {
    return !this.lazy.has(kind);
  }

  /** Opens these kinds in slices (the browser stays free between them); resolves at once when they are open. */
  async open(kinds: readonly KindId[]): Promise<void> {
    for (const kind of kinds) {
      const steps = this.lazy.get(kind);
      if (!steps) continue;
      let opening = this.opening.get(kind);
      if (!opening) {
        opening = runInSlices(steps).then(() => {
          this.lazy.delete(kind);
          this.opening.delete(kind);
        });
        this.opening.set(kind, opening);
      }
      await opening;
    }
  }

  /** The kind's records, made now if they were not yet (the same steps a running `open` is driving). */
  private ensure(kind: KindId): void {
    const steps = this.lazy.get(kind);
    if (!steps) return;
    this.lazy.delete(kind);
    runAtOnce(steps);
  }

  private *installSteps(kind: KindId, make: () => Steps<OpenedKind>): Steps<void> {
    const opened = yield* make();
    this.data.demands[kind] = opened.demands;
    this.data.cards[kind] = opened.cards;
    this.seedTokens[kind] = opened.tokens;
    opened.dirty.demands.forEach((id) => this.dirty.demands.add(id));
    opened.dirty.cards.forEach((id) => this.dirty.cards.add(id));
    yield* this.indexSteps(kind);
    // Fresh card tokens are printed in QR codes: they must survive a reload like any change.
    this.onChange();
  }

  /** Rebuilds every index (after records were changed in place, as the contract tests' states do). */
  reindex(): void {
    for (const kind of kindIds) this.ensure(kind);
    this.demandIndex.clear();
    this.registerIndex.clear();
    this.cardIndex.clear();
    this.tokenIndex.clear();
    this.demandCardIndex.clear();
    for (const kind of kindIds) runAtOnce(this.indexSteps(kind));
  }

  private *indexSteps(kind: KindId): Steps<void> {
    for (const [i, d] of this.data.demands[kind].entries()) {
      this.indexDemand(d);
      if (i % INDEX_PER_STEP === INDEX_PER_STEP - 1) yield;
    }
    for (const [i, c] of this.data.cards[kind].entries()) {
      this.indexCard(c);
      if (i % INDEX_PER_STEP === INDEX_PER_STEP - 1) yield;
    }
  }

  private indexDemand(d: DemandRecord) {
    this.demandIndex.set(d.id, d);
    this.registerIndex.set(`${d.kind}:${String(d.fields.register)}`, d);
  }

  private indexCard(c: CardRecord) {
    this.cardIndex.set(c.id, c);
    this.tokenIndex.set(`${c.kind}:${c.token}`, c);
    this.demandCardIndex.set(c.demandId, c);
  }

  private changed(set: Set<string>, id: string) {
    set.add(id);
    this.onChange();
  }

  /** Keeps the demo signing key made on first use (extension `signed-qr`); persistence saves it with the data. */
  keepSigningKey(key: DemoSigningKey): void {
    this.data.signingKey = key;
    this.onChange();
  }

  // Users and sessions

  get users(): readonly UserRecord[] {
    return this.data.users;
  }
  user(id: number): UserRecord | undefined {
    return this.data.users.find((u) => u.id === id);
  }
  userByName(username: string): UserRecord | undefined {
    return this.data.users.find((u) => u.username === username);
  }
  /** `user.password` in clear: it is kept as `secrets` says. */
  addUser(user: Omit<UserRecord, "id">, id?: number): UserRecord {
    const free = id !== undefined && !this.user(id);
    const record = {
      ...user,
      password: this.secrets.hashPassword(user.password),
      id: free ? id : ++this.data.seq.user,
    };
    this.data.users.push(record);
    this.onChange();
    return record;
  }
  removeUser(id: number): void {
    this.data.users = this.data.users.filter((u) => u.id !== id);
    for (const [token, userId] of Object.entries(this.data.sessions))
      if (userId === id) delete this.data.sessions[token];
    this.onChange();
  }
  updateUser(
    user: UserRecord,
    patch: Partial<Pick<UserRecord, "first_name" | "last_name" | "email" | "active">>,
  ): void {
    Object.assign(user, patch);
    this.onChange();
  }
  setPassword(user: UserRecord, password: string): void {
    user.password = this.secrets.hashPassword(password);
    this.onChange();
  }
  async passwordMatches(user: UserRecord, password: string): Promise<boolean> {
    return await this.secrets.verifyPassword(user.password, password);
  }
  /** Signs the user out everywhere (a password changed or restored), except the session of `keep` when given. */
  closeSessionsOf(id: number, keep?: string): void {
    const kept = keep === undefined ? undefined : this.secrets.tokenKey(keep);
    for (const [key, userId] of Object.entries(this.data.sessions)) {
      if (userId !== id || key === kept) continue;
      delete this.data.sessions[key];
      this.sessionOpened.delete(key);
    }
    this.onChange();
  }
  countGroup(group: Group): number {
    return this.data.users.filter((u) => u.group === group).length;
  }

  sessionUser(token: string): UserRecord | undefined {
    const key = this.secrets.tokenKey(token);
    const id = this.data.sessions[key];
    if (id === undefined) return undefined;
    const opened = this.sessionOpened.get(key) ?? this.now();
    this.sessionOpened.set(key, opened);
    if (this.now() - opened >= this.sessionTtlMs) {
      this.closeSession(token);
      return undefined;
    }
    return this.user(id);
  }
  openSession(user: UserRecord): string {
    const token = randomToken(32);
    const key = this.secrets.tokenKey(token);
    this.data.sessions[key] = user.id;
    this.sessionOpened.set(key, this.now());
    this.onChange();
    return token;
  }
  closeSession(token: string): void {
    const key = this.secrets.tokenKey(token);
    delete this.data.sessions[key];
    this.sessionOpened.delete(key);
    this.onChange();
  }

  // Demands

  demands(kind: KindId): readonly DemandRecord[] {
    this.ensure(kind);
    return this.data.demands[kind];
  }
  demand(kind: KindId, id: string): DemandRecord | undefined {
    this.ensure(kind);
    const d = this.demandIndex.get(id);
    return d?.kind === kind ? d : undefined;
  }
  demandByRegister(kind: KindId, register: string): DemandRecord | undefined {
    this.ensure(kind);
    return this.registerIndex.get(`${kind}:${register}`);
  }
  nextDemandSeq(kind: KindId): number {
    this.ensure(kind);
    return ++this.data.seq.demand[kind];
  }
  addDemand(d: DemandRecord): void {
    this.ensure(d.kind);
    this.data.demands[d.kind].unshift(d);
    this.indexDemand(d);
    this.changed(this.dirty.demands, d.id);
  }
  updateDemand(
    d: DemandRecord,
    patch: Partial<
      Pick<DemandRecord, "fields" | "photo" | "validated" | "update_at" | "rejection" | "corrected" | "notes">
    >,
  ): void {
    this.registerIndex.delete(`${d.kind}:${String(d.fields.register)}`);
    Object.assign(d, patch);
    this.indexDemand(d);
    this.changed(this.dirty.demands, d.id);
  }

  // Cards

  cards(kind: KindId): readonly CardRecord[] {
    this.ensure(kind);
    return this.data.cards[kind];
  }
  card(kind: KindId, id: string): CardRecord | undefined {
    this.ensure(kind);
    const c = this.cardIndex.get(id);
    return c?.kind === kind ? c : undefined;
  }
  cardByToken(kind: KindId, token: string): CardRecord | undefined {
    this.ensure(kind);
    return this.tokenIndex.get(`${kind}:${token}`);
  }
  cardOfDemand(demandId: string): CardRecord | undefined {
    return this.demandCardIndex.get(demandId);
  }
  demandOfCard(card: CardRecord): DemandRecord {
    const d = this.demandIndex.get(card.demandId);
    if (!d) throw new Error(`card ${card.id} has no demand`);
    return d;
  }
  nextCardSeq(kind: KindId): number {
    this.ensure(kind);
    return ++this.data.seq.card[kind];
  }
  addCard(c: CardRecord): void {
    this.ensure(c.kind);
    this.data.cards[c.kind].unshift(c);
    this.indexCard(c);
    this.changed(this.dirty.cards, c.id);
  }
  updateCard(
    c: CardRecord,
    patch: Partial<Pick<CardRecord, "print_count" | "valid" | "update_at" | "life" | "digital">>,
  ): void {
    Object.assign(c, patch);
    this.changed(this.dirty.cards, c.id);
  }

  // Photos

  photo(ref: string | null): string | null {
    if (!ref) return null;
    const [source, key = ""] = ref.split(":");
    if (source === "avatar") return avatarBase64(Number(key));
    return this.data.photos[key] ?? this.photoFiles?.read(key) ?? null;
  }
  /** Stores an uploaded photo once; a seed avatar sent back (full validation resubmits the photo) keeps its reference. */
  addPhoto(base64: string): string {
    for (let i = 0; i < AVATAR_COUNT; i++) if (avatarBase64(i) === base64) return `avatar:${i}`;
    if (this.photoFiles) {
      const key = this.photoFiles.keyOf(base64);
      if (this.photoFiles.has(key)) return `upload:${key}`;
      if (this.photoFiles.write) this.photoFiles.write(key, base64);
      else this.data.photos[key] = base64;
      return `upload:${key}`;
    }
    const same = Object.entries(this.data.photos).find(([, stored]) => stored === base64);
    if (same) return `upload:${same[0]}`;
    const key = randomUuid();
    this.data.photos[key] = base64;
    return `upload:${key}`;
  }
}
