import { Result, Schema } from "effect";
import { readTabItem, removeTabItem, writeTabDraft } from "../browser/tab-storage";
import type { KeptEdits } from "./demand-validation-context";

/**
 * sessionStorage of a validation form's unsent edits (one demand at a time), so a session that ends mid-edit (a
 * 401: the token expired) loses nothing: the agent signs in again, comes back to the demand and finds the edits.
 * Written by the machine's `keepEdits` action, removed once sent, reset, or abandoned (the agent left the page
 * while still signed in), and when the agent signs out (a 401 keeps them). Only the same agent gets them back, only on the same demand.
 */
const KEY = "campus-card.validation-edits";

const Stored = Schema.Struct({
  version: Schema.Literal(1),
  user: Schema.String,
  kind: Schema.String,
  id: Schema.String,
  edits: Schema.Record(Schema.String, Schema.NullOr(Schema.Union([Schema.String, Schema.Finite]))),
  photo: Schema.NullOr(Schema.String),
});

/** Who and which demand the edits belong to. */
export interface EditsOwner {
  readonly user: string;
  readonly kind: string;
  readonly id: string;
}

const readStored = () => {
  const raw = readTabItem(KEY);
  if (!raw) return null;
  try {
    const decoded = Schema.decodeUnknownResult(Stored)(JSON.parse(raw));
    return Result.isSuccess(decoded) ? decoded.success : null;
  } catch {
    return null;
  }
};

const sameOwner = (a: EditsOwner, b: EditsOwner) => a.user === b.user && a.kind === b.kind && a.id === b.id;

/** The edits kept for this agent and demand, or null. */
export const readKeptEdits = (owner: EditsOwner): KeptEdits | null => {
  const stored = readStored();
  return stored && sameOwner(stored, owner) ? { edits: stored.edits, photo: stored.photo } : null;
};

/** Keeps the edits (none left: forgets them). Answers false when the browser refused to store them. */
export const writeKeptEdits = (owner: EditsOwner, kept: KeptEdits): boolean => {
  if (Object.keys(kept.edits).length === 0 && !kept.photo) {
    forgetKeptEdits(owner);
    return true;
  }
  return writeTabDraft(KEY, { version: 1, ...owner, edits: kept.edits, photo: kept.photo });
};

/** Forgets the edits kept for this agent and demand (another demand's are left alone). */
export const forgetKeptEdits = (owner: EditsOwner): void => {
  const stored = readStored();
  if (stored && sameOwner(stored, owner)) removeTabItem(KEY);
};

/** Forgets the tab's kept edits, whoever they belong to (signing out: office PCs are shared). */
export const forgetAllKeptEdits = (): void => removeTabItem(KEY);
