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
}

/**
 * A photo reference: "avatar:<n>" for a generated seed avatar (never stored twice), "upload:<uuid>" for a file
 * sent by a visitor (its base64 lives once in `DemoData.photos`).
 */
export type PhotoRef = string;

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
