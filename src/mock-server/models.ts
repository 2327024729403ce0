import type { KindId } from "../api/kind-ids";

/** What the demo database holds. Field names inside `fields` are the server names of docs/spec.md §3. */

export type FieldValue = string | number | null;

export type Group = "Admin" | "Agent";

export interface UserRecord {
  id: number;
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  email: string;
  group: Group;
  /** Extension `agent-admin`: false once an administrator disabled the account (absent: active). */
  active?: boolean;
}

/**
 * A photo reference: "avatar:<n>" for a generated seed avatar (never stored twice), "upload:<uuid>" for a file
 * sent by a visitor (its base64 lives once in `DemoData.photos`).
 */
export type PhotoRef = string;

/** Extension `reject` (docs/extensions.md): what the agent chose, and the e-mail the backend sent about it. */
export interface RejectionRecord {
  status: "rejected" | "correction";
  reason: string;
  comment: string;
  at: string;
  /** The address the applicant was told at (the demo records the e-mail instead of sending it). */
  emailedTo: string | null;
  /** The agent who decided (the agents' activity counts it); absent in data stored before it was kept. */
  byId?: number | null;
  /** Extension `correction`: the fields the applicant may correct online (with `correction` only). */
  fields?: string[];
}

export interface DemandRecord {
  id: string;
  kind: KindId;
  seq: number;
  code: string;
  insert_at: string;
  update_at: string | null;
  validated: boolean;
  /** The kind's demand fields (register, firstname, faculty, …) as the schemas type them. */
  fields: Record<string, FieldValue>;
  photo: PhotoRef | null;
  /** Extension `reject`: absent while the demand was never rejected; cleared once validated. */
  rejection?: RejectionRecord;
  /** Extension `lifecycle`: the card this demand renews. */
  renews?: string;
  /** Extension `correction`: the fields the applicant last corrected online, and when. */
  corrected?: { fields: string[]; at: string };
  /** Extension `correction`: the notes the applicant sent the office about a mistake, oldest first. */
  notes?: { message: string; at: string }[];
}

export interface CardRecord {
  id: string;
  kind: KindId;
  seq: number;
  code: string;
  demandId: string;
  /** Opaque check token (base64url, 128 random bits): in the QR code, never in card JSON. */
  token: string;
  valid: boolean;
  update_at: string;
  print_count: number;
  validatorId: number | null;
  /** The lifecycle extension (lifecycle.ts): absent on a card that never left the spec's life. */
  life?: CardLife;
  /** Extension `digital-card` (digital-card.ts): when the holder first opened it and last refreshed it. */
  digital?: { issued_at: string; refreshed_at: string };
}

/** A card's life beyond docs/spec.md: its state (absent = active), who set it and why, its events. */
export interface CardLife {
  state?: "suspended" | "replaced";
  reason?: string;
  note?: string;
  at?: string;
  byId?: number | null;
  /** 1 for a holder's first card; a replacement's is one higher. */
  sequence?: number;
  replacedBy?: string;
  replaces?: string;
  /** When the card was issued, kept once its update_at moves on. */
  issuedAt?: string;
  events?: LifeEvent[];
}

export interface LifeEvent {
  kind: string;
  at: string;
  byId?: number | null;
  reason?: string;
  note?: string;
  card?: string;
  fee_amount?: number;
  payment_reference?: string;
  demand?: string;
  reported_by_holder?: boolean;
}

export interface Sequences {
  user: number;
  demand: Record<KindId, number>;
  card: Record<KindId, number>;
}

export interface DemoData {
  users: UserRecord[];
  /** Access token → user id. */
  sessions: Record<string, number>;
  /** Per kind, newest first. */
  demands: Record<KindId, DemandRecord[]>;
  /** Per kind, most recently validated first. */
  cards: Record<KindId, CardRecord[]>;
  /** Uploaded photos, base64 without data: prefix, by uuid. */
  photos: Record<string, string>;
  seq: Sequences;
  /** The database's demo signing key (extension `signed-qr`), made on first use and kept with the data. */
  signingKey?: DemoSigningKey;
}

/** A private P-256 key as JWK, and the day it was made (its JWKS validity starts there). */
export interface DemoSigningKey {
  readonly jwk: JsonWebKey;
  readonly createdAt: string;
}
