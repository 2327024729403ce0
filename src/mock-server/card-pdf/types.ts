import type { KindId } from "../../api/paths";

/** A label in both languages: the card prints French and English side by side. */
export interface Bilingual {
  readonly fr: string;
  readonly en: string;
}

/**
 * Everything printed on one card, already resolved to text by the demo backend (reference labels, enum labels).
 * The renderer knows nothing of the database.
 */
export interface CardPdfInput {
  readonly kind: KindId;
  readonly code: string;
  readonly lastname: string;
  readonly firstname: string;
  readonly register: string;
  /** Base64 JPEG or PNG (no data: prefix), or null when the holder has no photo. */
  readonly photoBase64: string | null;
  /** Kind-specific lines (student: faculty, cycle, filière, level; staff: function, service; teacher: faculty, department, grade). */
  readonly lines: ReadonlyArray<{ readonly label: Bilingual; readonly value: string }>;
  readonly academicYear: string;
  readonly bloodGroup: string;
  readonly allergies: string;
  readonly contactName: string;
  readonly contactPhone: string;
  /** Public check URL the QR code encodes. */
  readonly checkUrl: string;
  readonly valid: boolean;
}

export interface CardPdfOptions {
  readonly universityName?: Bilingual;
}
