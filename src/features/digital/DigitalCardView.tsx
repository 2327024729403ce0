import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import type { DigitalCard } from "../../api/schemas";
import { formatDateTime } from "../../i18n/format";
import { NativeButton } from "../../ui/NativeButton";
import { Details } from "../../ui/Details";
import { InstallOffer, type InstallWords } from "../verify/InstallOffer";
import { cx, nativeFocusRing } from "../../ui/classes";
import { CardFace } from "./CardFace";
import { LiveBand } from "./LiveBand";
import { SignedQr } from "./SignedQr";
import { useWakeLock } from "./wake-lock";

export interface DigitalCardViewProps {
  readonly kind: KindId;
  readonly card: DigitalCard;
  readonly kept: boolean;
  readonly stale: boolean;
  readonly refreshing: boolean;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onKeep: () => void;
  readonly onForget: () => void;
  readonly onClose: () => void;
}

/**
 * The card on the phone: the face as on the plastic, its QR large on white (sunlight), a band and a clock that move
 * (a screenshot does not), the back's emergency details behind a tap. A card that is not active shows its state and
 * no QR.
 */
export function DigitalCardView(props: DigitalCardViewProps) {
  const { kind, card, kept, stale, refreshing, headingRef, onKeep, onForget, onClose } = props;
  const { t } = useTranslation();
  const active = card.state === "active" && card.qr !== null;
  useWakeLock(active);
  const back = card.back;
  return (
    <section
      aria-labelledby="digital-card-title"
      data-state={card.state}
      className={cx(
        "flex flex-col gap-4 rounded-2xl border-4 p-4",
        active ? "border-success-fg bg-surface" : "border-error-fg bg-error-bg text-error-fg",
      )}
    >
      <h1
        id="digital-card-title"
        ref={headingRef}
        tabIndex={-1}
        className={cx("text-xl font-bold sm:text-2xl", nativeFocusRing)}
      >
        {active ? t("registration:digital.cardTitle") : t(`registration:digital.state.${knownState(card.state)}`)}
      </h1>
      <CardFace kind={kind} card={card.card} />
      {active ? (
        <>
          <LiveBand />
          <SignedQr url={card.qr ?? ""} label={t("registration:digital.qrLabel", { code: card.card.code })} />
          {card.expires_at ? (
            <p className="text-sm">{t("registration:digital.qrUntil", { date: formatDateTime(card.expires_at) })}</p>
          ) : null}
        </>
      ) : (
        <p className="font-semibold">{t("registration:digital.notActive")}</p>
      )}
      <p role="status" className="text-sm text-fg-muted">
        {refreshing
          ? t("registration:digital.refreshing")
          : t(stale ? "registration:digital.staleSince" : "registration:digital.refreshedAt", {
              date: formatDateTime(card.refreshed_at),
            })}
      </p>
      {back ? (
        <Details summary={t("registration:digital.backTitle")} className="rounded-lg border border-border">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 py-3 text-fg">
            {(
              [
                ["bloodGroup", back.blood_group],
                ["allergies", back.allergies],
                ["contactName", back.contact_person_name],
                ["contactPhone", back.contact_person_phone],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-fg-muted">{t(`registration:digital.back.${key}`)}</dt>
                <dd className="font-semibold break-words">{value || "—"}</dd>
              </div>
            ))}
          </dl>
        </Details>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {kept ? (
          <NativeButton variant="secondary" onClick={onForget}>
            {t("registration:digital.forget")}
          </NativeButton>
        ) : (
          <NativeButton variant="secondary" onClick={onKeep}>
            {t("registration:digital.keep")}
          </NativeButton>
        )}
        <NativeButton variant="secondary" onClick={onClose}>
          {t("registration:digital.close")}
        </NativeButton>
      </div>
      <p className="text-sm text-fg-muted">
        {t(kept ? "registration:digital.keptNote" : "registration:digital.notKeptNote")}
      </p>
      {/* Installing keeps the card on the phone: an app that opened empty offline would be no card at all. */}
      <InstallOffer words={installWords} onInstall={onKeep} />
    </section>
  );
}

const installWords: InstallWords = {
  sentence: "registration:digital.install.sentence",
  button: "registration:digital.install.button",
  why: "registration:digital.install.why",
  installed: "registration:digital.install.installed",
};

const knownStates = ["suspended", "replaced", "expired"];
const knownState = (state: string) => (knownStates.includes(state) ? state : "other");
