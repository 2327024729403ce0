import type { KindId } from "../api/kind-ids";
import type { BloodGroup, RefFieldList, RefItem } from "../api/schemas";
import { kinds, type Kinds } from "../kinds";

/**
 * What the public check page may show of a check answer (docs/spec.md §2): a projection that drops the holder's
 * own e-mail, phone, national ID and birth data, so no screen can show them by mistake. The check statechart
 * (card-check.ts) keeps only this in its context.
 */

/** One kind-specific reference field of the card (faculty, cycle, service…) and its id; null when absent. */
export interface CardRefField {
  readonly field: string;
  readonly list: RefFieldList;
  readonly id: number | null;
}

/** A check answer as the kind's check schema decodes it (its descriptor's `schemas.check`). */
export type CheckAnswer<K extends KindId = KindId> = Kinds[K]["schemas"]["check"]["Type"];

/** What the check page may show. Never the holder's e-mail, phone, national ID or birth data. */
export interface CardCheckView {
  readonly kind: KindId;
  readonly valid: boolean;
  readonly code: string;
  readonly register: string;
  readonly firstname: string;
  readonly lastname: string;
  /** A data:image URL, or null without a (usable) photo. */
  readonly photo: string | null;
  /** duration_year_str, e.g. "2026/2027". */
  readonly academicYear: string;
  readonly refs: readonly CardRefField[];
  readonly emergency: {
    readonly bloodGroup: BloodGroup;
    readonly allergies: string;
    readonly contactName: string;
    readonly contactPhone: string;
  };
  /** What the lifecycle extension's answer says (docs/extensions.md); shown only with the capability. */
  readonly life: CheckLife;
}

export interface CheckLife {
  readonly state: string | null;
  readonly reason: string | null;
  readonly at: string | null;
  readonly validUntil: string | null;
  readonly sequence: number | null;
  readonly updateAt: string;
}

/** Reference lists by name, as far as they could be loaded. */
export type CheckLabels = Partial<Record<RefFieldList, readonly RefItem[]>>;

const imageTypes: ReadonlyArray<readonly [string, string]> = [
  ["/9j/", "image/jpeg"],
  ["iVBOR", "image/png"],
  ["R0lGOD", "image/gif"],
  ["UklGR", "image/webp"],
];

/**
 * photo_str as an <img> source: a data:image URL is kept, bare base64 (the server's form) gets its type from its
 * first bytes. Anything else (another scheme, not base64) gives null: the page shows "no photo".
 */
export const photoSource = (photo: string | null | undefined): string | null => {
  const value = photo?.trim();
  if (!value) return null;
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(value)) return value;
  const bare = value.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) return null;
  const type = imageTypes.find(([prefix]) => bare.startsWith(prefix))?.[1] ?? "image/jpeg";
  return `data:${type};base64,${bare}`;
};

/** Reference lists a kind's check page needs (its descriptor's refFields). */
export const neededLists = (kind: KindId): RefFieldList[] => [...new Set(Object.values(kinds[kind].refFields))];

/** The public projection of a check answer. */
export const toCheckView = <K extends KindId>(kind: K, answer: CheckAnswer<K>): CardCheckView => {
  // The kind's reference fields are read by name (its descriptor's refFields).
  const fields: Readonly<Record<string, unknown>> = answer;
  return {
    kind,
    valid: answer.valid,
    code: answer.code,
    register: answer.register,
    firstname: answer.firstname,
    lastname: answer.lastname,
    photo: photoSource(answer.photo_str),
    academicYear: answer.duration_year_str ?? "",
    refs: Object.entries(kinds[kind].refFields).map(([field, list]) => {
      const id = fields[field];
      return { field, list, id: typeof id === "number" ? id : null };
    }),
    emergency: {
      bloodGroup: answer.blood_group,
      allergies: answer.allergies,
      contactName: answer.contact_person_name,
      contactPhone: answer.contact_person_phone,
    },
    life: {
      state: answer.state ?? null,
      reason: answer.state_reason ?? null,
      at: answer.state_at ?? null,
      validUntil: answer.valid_until ?? null,
      sequence: answer.sequence ?? null,
      updateAt: answer.update_at,
    },
  };
};
