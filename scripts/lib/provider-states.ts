/**
 * The demo backend's provider states: each state of provider-state-templates.ts prepared in the demo
 * database, so the example values recorded in the pacts (ids, tokens, registers) are valid when the verifier
 * replays them. Records are made from the shared sample entities (tests/fixtures/entities.ts), the same the
 * consumer tests use as examples. The database is reset to the seed before each interaction (`mockApi.reset`).
 */
import type { KindId } from "../../src/api/kind-ids";
import { kinds, type AnyKind } from "../../src/kinds";
import type { DemoDb } from "../../src/mock-server/index.ts";
import { isoWat } from "../../src/mock-server/dates.ts";
import { demandFieldSpecs, hasPhoto } from "../../src/mock-server/fields.ts";
import type { CardRecord, DemandRecord, FieldValue, UserRecord } from "../../src/mock-server/models.ts";
import { randomToken, randomUuid } from "../../src/mock-server/random.ts";
import { cardCode, demandCode } from "../../src/mock-server/seeds.ts";
import { replace, suspend } from "../../src/mock-server/lifecycle.ts";
import * as fx from "./contract-samples.ts";
import { templateOf, type StateId } from "./provider-state-templates.ts";
import type { MockApi } from "./mock-api-server.ts";
import { scalarText } from "../../src/api/scalar-text.ts";
import signedQrVectors from "../../docs/signed-qr-vectors.json" with { type: "json" };

type Params = Readonly<Record<string, unknown>>;

const samples: Record<KindId, Record<string, unknown>> = {
  student: fx.studentDemand,
  staff: fx.staffDemand,
  teacher: fx.teacherDemand,
};
const PHOTO = fx.photoBase64.replace(/^data:[^,]+,/, "");

const str = (params: Params, key: string): string => {
  const value = params[key];
  if (value === undefined || value === null) throw new Error(`provider state parameter "${key}" is missing`);
  return scalarText(value);
};
const kindOf = (params: Params): AnyKind => {
  const id = str(params, "kind");
  if (!(id in kinds)) throw new Error(`unknown kind "${id}"`);
  return kinds[id as KindId];
};

/** Keeps the demands (and cards) of a kind that pass `keep`, dropping cards whose demand goes. */
const keepDemands = (db: DemoDb, kind: KindId, keep: (d: DemandRecord) => boolean) => {
  db.data.demands[kind] = db.data.demands[kind].filter(keep);
  const ids = new Set(db.data.demands[kind].map((d) => d.id));
  db.data.cards[kind] = db.data.cards[kind].filter((c) => ids.has(c.demandId));
  db.reindex();
};

/** A demand of `kind` holding the sample entity's fields (server names), with `overrides`. */
const addDemand = (
  db: DemoDb,
  kind: AnyKind,
  options: { id?: string; validated?: boolean; fields?: Record<string, FieldValue>; insertAt?: string } = {},
): DemandRecord => {
  const sample = samples[kind.id];
  const fields: Record<string, FieldValue> = {};
  for (const spec of demandFieldSpecs(kind)) fields[spec.name] = (sample[spec.name] as FieldValue | undefined) ?? null;
  Object.assign(fields, options.fields);
  const id = options.id ?? randomUuid();
  // The sample's register (and id) must be unique within the kind.
  keepDemands(db, kind.id, (d) => d.id !== id && d.fields.register !== fields.register);
  const seq = db.nextDemandSeq(kind.id);
  const now = Date.now();
  const demand: DemandRecord = {
    id,
    kind: kind.id,
    seq,
    code: demandCode(kind, seq),
    insert_at: options.insertAt ?? isoWat(now - 3_600_000),
    update_at: options.validated ? isoWat(now) : null,
    validated: options.validated ?? false,
    fields,
    photo: hasPhoto(kind) ? db.addPhoto(PHOTO) : null,
  };
  db.addDemand(demand);
  return demand;
};

/** Extension `reject`: the demand as an agent rejected it (or asked for a correction) an hour ago. */
const rejectDemand = (db: DemoDb, demand: DemandRecord, p: Params) => {
  const status = str(p, "status") === "correction" ? "correction" : "rejected";
  const at = isoWat(Date.now() - 3_600_000);
  const rejection = { status, reason: str(p, "reason"), comment: str(p, "comment"), at, emailedTo: null } as const;
  db.updateDemand(demand, { rejection: { ...rejection }, update_at: at });
};

/** Extension `track`: a pending demand under the code and register a tracking example names. */
const trackableDemand = (db: DemoDb, p: Params, validated = false): DemandRecord => {
  const kind = kindOf(p);
  const code = str(p, "code");
  keepDemands(db, kind.id, (d) => d.code !== code);
  const demand = addDemand(db, kind, { validated, fields: { register: str(p, "register") } });
  demand.code = code;
  return demand;
};

/** A validated demand with its card (validated by the admin, printed once). */
const addCard = (
  db: DemoDb,
  kind: AnyKind,
  options: { id?: string; token?: string; fields?: Record<string, FieldValue>; register?: string } = {},
): CardRecord => {
  const register = options.register ?? `C${String(db.data.seq.card[kind.id] + 1).padStart(6, "0")}`.slice(0, 7);
  const demand = addDemand(db, kind, { validated: true, fields: { ...options.fields, register } });
  if (options.id) db.data.cards[kind.id] = db.data.cards[kind.id].filter((c) => c.id !== options.id);
  if (options.token) db.data.cards[kind.id] = db.data.cards[kind.id].filter((c) => c.token !== options.token);
  db.reindex();
  const seq = db.nextCardSeq(kind.id);
  const card: CardRecord = {
    id: options.id ?? randomUuid(),
    kind: kind.id,
    seq,
    code: cardCode(kind, seq),
    demandId: demand.id,
    token: options.token ?? randomToken(16),
    valid: true,
    update_at: demand.update_at ?? isoWat(Date.now()),
    print_count: 1,
    validatorId: db.users.find((u) => u.group === "Admin")?.id ?? null,
  };
  db.addCard(card);
  return card;
};

/** A card whose demand has the code and register of the parameters (the only demand of the kind with that code). */
const cardOfCode = (db: DemoDb, p: Params, fields: Record<string, FieldValue> = {}): CardRecord => {
  const kind = kindOf(p);
  const card = addCard(db, kind, { register: str(p, "register"), fields });
  const demand = db.demandOfCard(card);
  keepDemands(db, kind.id, (d) => d.id === demand.id || d.code !== str(p, "code"));
  demand.code = str(p, "code");
  return card;
};

const addUser = (db: DemoDb, user: Omit<UserRecord, "id">, id?: number): UserRecord => {
  if (id === undefined) return db.addUser(user);
  db.removeUser(id);
  const record = { ...user, id };
  db.data.users.push(record);
  db.data.seq.user = Math.max(db.data.seq.user, id);
  return record;
};

const person = (username: string) => ({ first_name: "Contract", last_name: "Tester", email: `${username}@example.cm` });

/**
 * A user of `group` with the state's id and username, signed in with its token; whoever held that id or username
 * before gives way.
 */
const signedIn =
  (group: UserRecord["group"], password: string) =>
  ({ backend: { db } }: MockApi, p: Params): void => {
    const id = Number(str(p, "id"));
    const username = str(p, "username");
    let user = db.user(id);
    if (!user || user.group !== group || user.username !== username) {
      const other = db.userByName(username);
      if (other) db.removeUser(other.id);
      user = addUser(db, { username, password, group, ...person(username) }, id);
    }
    db.data.sessions[str(p, "token")] = user.id;
  };

/** One setup per state template. */
const setups: Record<StateId, (api: MockApi, params: Params) => void> = {
  userWithPassword: ({ backend: { db } }, p) => {
    const username = str(p, "username");
    const user =
      db.userByName(username) ?? addUser(db, { username, password: "", group: "Admin", ...person(username) });
    db.setPassword(user, str(p, "password"));
  },
  noUser: ({ backend: { db } }, p) => {
    const user = db.userByName(str(p, "username"));
    if (user) db.removeUser(user.id);
  },
  gatewayDown: ({ faults }) => {
    faults.set("POST /api/token/", {
      status: 502,
      contentType: "text/html",
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    });
  },
  adminSignedIn: signedIn("Admin", "Admin@2026"),
  agentSignedIn: signedIn("Agent", "Agent@2026"),
  noSession: ({ backend: { db } }, p) => db.closeSession(str(p, "token")),
  agentNamed: ({ backend: { db } }, p) => {
    const username = str(p, "username");
    const user = db.userByName(username);
    if (!user) addUser(db, { username, password: "Agent@2026", group: "Agent", ...person(username) });
    else if (user.group !== "Agent") throw new Error(`user ${username} exists but is not an agent`);
  },
  agentWithId: ({ backend: { db } }, p) => {
    const id = Number(str(p, "id"));
    if (db.user(id)?.group !== "Agent")
      addUser(db, { username: `agent${id}`, password: "Agent@2026", group: "Agent", ...person(`agent${id}`) }, id);
  },
  referenceLists: () => {},
  cardsOfEveryKind: ({ backend: { db } }) => {
    for (const kind of Object.values(kinds) as AnyKind[]) if (db.cards(kind.id).length === 0) addCard(db, kind);
  },
  pendingDemand: ({ backend: { db } }, p) => void addDemand(db, kindOf(p), { id: str(p, "id") }),
  pendingDemandWithRegister: ({ backend: { db } }, p) =>
    void addDemand(db, kindOf(p), { fields: { register: str(p, "register") } }),
  noDemandWithRegister: ({ backend: { db } }, p) =>
    keepDemands(db, kindOf(p).id, (d) => d.fields.register !== str(p, "register")),
  pendingTwoPages: ({ backend }, p) => {
    const kind = kindOf(p).id;
    const keep = backend.pageSize + Math.ceil(backend.pageSize / 2);
    let pending = 0;
    keepDemands(backend.db, kind, (d) => d.validated || ++pending <= keep);
    if (pending < keep) throw new Error(`only ${pending} pending ${kind} demands in the seed`);
  },
  demandsReceivedOn: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    keepDemands(db, kind.id, () => false);
    // Oldest added first: the database keeps the newest first, as the list answers by default.
    (["before", "older", "newer"] as const).forEach((key, i) => {
      const register = `${scalarText(samples[kind.id].register)}${i}`;
      addDemand(db, kind, { fields: { register }, insertAt: `${str(p, key)}T12:00:00.000+01:00` });
    });
  },
  cardsIssuedOn: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    keepDemands(db, kind.id, () => false);
    for (const key of ["before", "day"] as const) addCard(db, kind).update_at = `${str(p, key)}T12:00:00.000+01:00`;
  },
  validatedDemand: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    keepDemands(db, kind.id, (d) => !d.validated);
    addCard(db, kind);
  },
  rejectedDemand: ({ backend: { db } }, p) => rejectDemand(db, addDemand(db, kindOf(p), { id: str(p, "id") }), p),
  trackablePending: ({ backend: { db } }, p) => void trackableDemand(db, p),
  trackableRejected: ({ backend: { db } }, p) => rejectDemand(db, trackableDemand(db, p), p),
  correctionAsked: ({ backend: { db } }, p) => {
    const demand = trackableDemand(db, p);
    rejectDemand(db, demand, { ...p, status: "correction", reason: "other", comment: "" });
    const fields = str(p, "fields").split(",");
    db.updateDemand(demand, { rejection: demand.rejection && { ...demand.rejection, fields } });
  },
  mistakeReportable: ({ backend: { db } }, p) => void trackableDemand(db, p),
  trackablePrinted: ({ backend: { db } }, p) => void cardOfCode(db, p),
  digitalCardHolder: ({ backend: { db } }, p) => void cardOfCode(db, p, { birth_at: str(p, "birth_at") }),
  card: ({ backend: { db } }, p) => void addCard(db, kindOf(p), { id: str(p, "id") }),
  digitalCardOpenedOn: ({ backend: { db } }, p) => {
    const day = str(p, "day");
    // Nobody else acted that day: the seed's cards are dated on other days.
    for (const other of Object.values(kinds) as AnyKind[])
      for (const c of db.cards(other.id))
        if (c.update_at.startsWith(day)) db.updateCard(c, { update_at: "2020-10-01T10:00:00.000+01:00" });
    const card = addCard(db, kindOf(p));
    const noon = `${day}T12:00:00.000+01:00`;
    db.updateCard(card, {
      update_at: "2020-10-01T10:00:00.000+01:00",
      digital: { issued_at: noon, refreshed_at: noon },
    });
  },
  digitalCardIssued: ({ backend: { db } }, p) => {
    const card = addCard(db, kindOf(p), { id: str(p, "id") });
    db.updateCard(card, { digital: { issued_at: str(p, "issued"), refreshed_at: str(p, "refreshed") } });
  },
  suspendedCard: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    suspend(db, kind, addCard(db, kind, { id: str(p, "id") }), db.user(1) ?? null, { reason: "lost", note: "" });
  },
  replacedCard: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    replace(db, kind, addCard(db, kind, { id: str(p, "id") }), db.user(1) ?? null, {
      fee_amount: 5000,
      payment_reference: "CASH-1",
    });
  },
  expiredCard: ({ backend: { db } }, p) => {
    // Issued in the academic year 2020/2021 (and five years ago for staff and teachers): past its end today.
    const card = addCard(db, kindOf(p), { id: str(p, "id") });
    db.updateCard(card, { update_at: "2020-10-01T10:00:00.000+01:00" });
  },
  renewalDemand: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    const old = addCard(db, kind, { id: str(p, "card") });
    db.updateCard(old, { update_at: "2020-10-01T10:00:00.000+01:00" });
    addDemand(db, kind, { id: str(p, "id") }).renews = old.id;
  },
  renewalCard: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    const old = addCard(db, kind, { id: str(p, "card"), register: "R000001" });
    db.updateCard(old, { update_at: "2020-10-01T10:00:00.000+01:00" });
    db.demandOfCard(addCard(db, kind, { id: str(p, "id") })).renews = old.id;
  },
  activityOn: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    const day = str(p, "day");
    const admin = db.userByName(str(p, "username"));
    if (!admin) throw new Error("activityOn: the admin must be signed in first");
    // Nobody else acted that day: the seed's cards are dated on other days.
    for (const other of Object.values(kinds) as AnyKind[])
      for (const c of db.cards(other.id))
        if (c.update_at.startsWith(day)) db.updateCard(c, { update_at: "2020-10-01T10:00:00.000+01:00" });
    const card = addCard(db, kind);
    card.validatorId = admin.id;
    const at = (time: string) => `${day}T${time}:00.000+01:00`;
    db.updateCard(card, {
      update_at: at("09:00"),
      life: {
        issuedAt: at("09:00"),
        events: [
          { kind: "printed", at: at("10:00"), byId: admin.id },
          { kind: "suspended", at: at("11:00"), byId: admin.id, reason: "lost", note: "", reported_by_holder: true },
        ],
      },
    });
  },
  cardOf: ({ backend: { db } }, p) =>
    void addCard(db, kindOf(p), { fields: { [str(p, "filter")]: Number(str(p, "value")) } }),
  onlyCardOf: ({ backend: { db } }, p) => {
    const kind = kindOf(p);
    const filter = str(p, "filter");
    const value = Number(str(p, "value"));
    const demandIds = new Set(
      db
        .demands(kind.id)
        .filter((d) => d.fields[filter] === value)
        .map((d) => d.id),
    );
    db.data.cards[kind.id] = db.data.cards[kind.id].filter((c) => !demandIds.has(c.demandId));
    db.reindex();
    addCard(db, kind, { fields: { [filter]: value } });
  },
  cardWithToken: ({ backend: { db } }, p) => void addCard(db, kindOf(p), { token: str(p, "token") }),
  // The key of docs/signed-qr-vectors.json, so the recorded examples are this key's (its kid, a list it signed).
  signedQrKey: ({ backend: { db } }, p) => {
    if (str(p, "kid") !== signedQrVectors.jwks.keys[0]?.kid) throw new Error("signedQrKey: not the test vectors' key");
    db.keepSigningKey({ jwk: signedQrVectors.demo_private_jwk, createdAt: "2026-01-01" });
  },
  withdrawnCard: ({ backend: { db } }, p) => db.updateCard(addCard(db, kindOf(p)), { valid: false }),
  noCardWithToken: ({ backend: { db } }, p) => {
    const kind = kindOf(p).id;
    db.data.cards[kind] = db.data.cards[kind].filter((c) => c.token !== str(p, "token"));
    db.reindex();
  },
};

/** Prepares one provider state (by its readable name and its parameters) in the running mock API. */
export const setUpProviderState = (api: MockApi, name: string, params: Params = {}): void => {
  setups[templateOf(name)](api, params);
};
