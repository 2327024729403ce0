import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import type { StoredWizard } from "../../machines/wizard-storage";
import { cx, nativeFocusRing } from "../../ui/classes";
import { NativeButton as Button } from "../../ui/NativeButton";

/** Characters of the register shown when a draft is offered; the rest is hidden (docs/assumptions.md). */
const shownRegister = 3;

/** The register as the offer shows it: its first characters only, as the device may be shared. */
export const maskedRegister = (register: unknown): string | null => {
  const text = typeof register === "string" ? register.trim() : "";
  if (text === "") return null;
  return text.length > shownRegister ? `${text.slice(0, shownRegister)}…` : text;
};

/** "26/11": the day and month the draft was started. */
const dayAndMonth = (startedAt: number | undefined): string | null =>
  startedAt === undefined ? null : formatDate(startedAt).slice(0, 5);

export interface DraftOfferProps {
  readonly draft: StoredWizard;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onResume: () => void;
  readonly onStartNew: () => void;
}

/**
 * A request started earlier on this device (a shared phone, a counter computer): offered back, never shown before
 * the applicant chooses, so the next person does not see the last one's data.
 */
export function DraftOffer({ draft, headingRef, onResume, onStartNew }: DraftOfferProps) {
  const { t } = useTranslation();
  const date = dayAndMonth(draft.startedAt);
  const register = maskedRegister(draft.values.register);
  const resume = date
    ? register
      ? t("registration:draft.resumeDatedRegister", { date, register })
      : t("registration:draft.resumeDated", { date })
    : register
      ? t("registration:draft.resumeRegister", { register })
      : t("registration:draft.resume");
  return (
    <section aria-labelledby="draft-offer-title" className="flex flex-col gap-4">
      <h2
        id="draft-offer-title"
        ref={headingRef}
        tabIndex={-1}
        className={cx("text-xl font-semibold text-fg", nativeFocusRing)}
      >
        {t("registration:draft.title")}
      </h2>
      <p className="text-fg-muted">{t("registration:draft.body")}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={onResume} className="h-auto min-h-11 text-start whitespace-normal">
          {resume}
        </Button>
        <Button variant="secondary" onClick={onStartNew} className="h-auto min-h-11 whitespace-normal">
          {t("registration:draft.startNew")}
        </Button>
      </div>
    </section>
  );
}
