import type { KindId } from "../../api/kind-ids";

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
  readonly lines: ReadonlyArray<{ readonly label: Bilingual; readonly value: string; readonly wide?: boolean }>;
  readonly academicYear: string;
  /** dd/mm/yyyy, or "" when unknown. */
  readonly birthDate: string;
  readonly bloodGroup: string;
  readonly allergies: string;
  readonly contactName: string;
  readonly contactPhone: string;
  /** Public check URL the QR code encodes. */
  readonly checkUrl: string;
  /** Extension `lifecycle`: the card's last valid day (dd/mm/yyyy), printed in the footer; absent, nothing is. */
  readonly validUntil?: string;
  /** Extension `lifecycle`: n from 2 prints "DUPLICATA N°n − 1" in the kind ribbon (src/api/duplicate-number.ts); absent or 1, nothing. */
  readonly sequence?: number;
  /** Not printed (validity changes after printing: the check page says it); kept for callers that list cards. */
  readonly valid: boolean;
}

/** TrueType font bytes the card is set in (regular and bold). */
export interface CardFonts {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

export interface CardPdfOptions {
  /** Printed in the header band, French first. Defaults to the demo university (theme.ts). */
  readonly universityName?: Bilingual;
  /**
   * Font bytes (TTF). When absent the renderer awaits `loadCardFonts()` (cached), so callers may pass nothing.
   * Pass the same Uint8Array objects on every call: the parsed fonts are cached per byte array.
   */
  readonly fonts?: CardFonts;
  /** QR error-correction level; "Q" (25 %) by default, never below "M". */
  readonly qrErrorCorrection?: "M" | "Q" | "H";
}
