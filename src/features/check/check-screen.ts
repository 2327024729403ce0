import type { TFunction } from "i18next";
import type { SnapshotFrom } from "xstate";
import type { KindId } from "../../api/kind-ids";
import type { Language } from "../../i18n/namespaces";
import type { cardCheckMachine } from "../../machines/card-check";
import type { CardRefField, CardCheckView, CheckLabels } from "../../machines/card-check-view";
import type { ValidityRules } from "../../api/card-validity";
import type { SignedCheck } from "../../machines/card-check-signed";

/** What the check screen (check-view.ts) draws, and the options its host gives it. */

export type CheckPhase = "loading" | "valid" | "invalid" | "notFound" | "failed";

/** What the screen shows: the check machine's state, flattened (checkScreen). */
export interface CheckScreen {
  readonly kind: KindId;
  readonly phase: CheckPhase;
  readonly view: CardCheckView | null;
  readonly labels: CheckLabels;
  readonly labelsDone: boolean;
  readonly checkedAt: number | null;
  readonly errorKey: string | null;
  /** The QR's signed fragment, as read (null or absent: none, or not yet). */
  readonly signed?: SignedCheck | null;
}

/** The screen for a state of the check machine. */
export const checkScreen = (snapshot: SnapshotFrom<typeof cardCheckMachine>): CheckScreen => {
  const { kind, view, labels, labelsDone, checkedAt, errorKey, signed, signedDone } = snapshot.context;
  // A valid online answer waits for the signed fragment's reading: a forged QR never shows "valid", even for a frame.
  const phase: CheckPhase = snapshot.matches({ found: "valid" })
    ? signedDone
      ? "valid"
      : "loading"
    : snapshot.matches({ found: "invalid" })
      ? "invalid"
      : snapshot.matches("notFound")
        ? "notFound"
        : snapshot.matches("failed")
          ? "failed"
          : "loading";
  return { kind, phase, view, labels, labelsDone, checkedAt, errorKey, signed };
};

/** The label of a reference id in a language; null when the list or the item is missing (show the id then). */
export const refLabel = (labels: CheckLabels, ref: CardRefField, lang: Language): string | null => {
  if (ref.id === null) return null;
  const item = labels[ref.list]?.find((i) => i.id === ref.id);
  if (!item) return null;
  return (lang === "en" ? item.label_en : item.label_fr) || item.label_fr || item.label_en || null;
};

export interface CheckViewOptions {
  readonly t: TFunction;
  readonly language: Language;
  readonly onRetry: () => void;
  /** Keep what the host already shows (`data-phase`: the prerendered "checking…" page) until the phase changes. */
  readonly adopt?: boolean;
  /**
   * The lifecycle extension is on (docs/extensions.md): the verdict names the card's state and validity end, by these
   * rules when the answer leaves `valid_until` out. Absent or null: the verdict is docs/spec.md's.
   */
  readonly lifecycle?: ValidityRules | null;
  /**
   * config.json `publicCheck: "identity-only"`: the emergency information (blood group, allergies, contact) stays on
   * the printed card, not on this public page (docs/deploying.md).
   */
  readonly identityOnly?: boolean;
}

export interface CheckViewHandle {
  /** Draws `screen`; only what changed is replaced, so focus and scroll stay where they are. */
  readonly update: (screen: CheckScreen) => void;
}
