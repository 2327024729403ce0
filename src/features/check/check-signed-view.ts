import type { KindId } from "../../api/kind-ids";
import { formatDate } from "../../i18n/format";
import type { SignedCheck } from "../../machines/card-check-signed";
import { cx } from "../../ui/classes";
import { h } from "../../ui/dom";
import { answerHeading, statusIcon } from "./check-marks";
import type { CheckViewOptions } from "./check-screen";

/** The check screen's parts for the QR's signed fragment (extension `signed-qr`, docs/signed-qr.md). */

/** The mark of a demo backend's key: its signatures prove nothing about a real card. */
const demoMark = ({ t }: CheckViewOptions) =>
  h(
    "p",
    {
      "data-testid": "signed-demo-key",
      class: "w-fit rounded-lg border-2 border-dashed border-current bg-surface px-3 py-1 text-base font-bold text-fg",
    },
    t("check:signed.demoKey"),
  );

/**
 * The QR's signature does not hold (or names another card than the online answer): someone changed what it says.
 * Red, crossed, in capitals, and alone on the page: no holder's details beside it for a guard to be reassured by.
 */
export const forged = ({ t }: CheckViewOptions) =>
  h(
    "div",
    {
      "data-testid": "check-verdict",
      "data-verdict": "forged",
      class:
        "flex items-center gap-4 rounded-2xl border-4 border-danger-fg bg-danger p-5 text-on-danger sm:gap-6 sm:p-6",
    },
    statusIcon("invalid"),
    h(
      "div",
      { class: "flex min-w-0 flex-col gap-2" },
      answerHeading(
        t("check:signed.forged"),
        "text-3xl font-extrabold uppercase leading-tight tracking-wide sm:text-5xl",
      ),
      h("p", { class: "text-lg font-semibold sm:text-xl" }, t("check:signed.forgedDetail")),
    ),
  );

/**
 * The signed verdict, shown while the online check is on its way (or when it could not be made): what the QR's
 * signature vouches for, in the issuer's own words (name, code, kind, validity end).
 */
/** A key's first day (YYYY-MM-DD, UTC) as a date: noon, so that no time zone moves it to another day. */
const keyDay = (day: string): string => formatDate(Date.parse(`${day}T12:00:00Z`));

/** The key's first day when it is still ahead of the device's clock (the verdict says so, not "unknown key"). */
const aheadOf = (signed: SignedCheck): string | undefined =>
  signed.status === "unknownKey" && signed.aheadFrom !== undefined ? keyDay(signed.aheadFrom) : undefined;

export const signedVerdict = (options: CheckViewOptions, kind: KindId, signed: SignedCheck, waiting: boolean) => {
  const { t } = options;
  const ahead = aheadOf(signed);
  const claims = signed.status === "genuine" || signed.status === "expired" ? signed.claims : null;
  const tone =
    signed.status === "genuine"
      ? "bg-primary text-on-primary"
      : signed.status === "expired"
        ? "bg-danger text-on-danger"
        : "border-2 border-border-strong bg-surface text-fg";
  const heading =
    signed.status === "genuine"
      ? t("check:signed.genuine")
      : signed.status === "expired"
        ? t(signed.when === "ended" ? "check:signed.expired" : "check:signed.notYet")
        : ahead
          ? t("check:signed.keyAhead")
          : t("check:signed.unknownKey");
  const detail =
    signed.status !== "unknownKey"
      ? t("check:signed.genuineDetail")
      : ahead
        ? t("check:signed.keyAheadDetail", { date: ahead })
        : t("check:signed.unknownKeyDetail");
  return h(
    "div",
    {
      "data-testid": "signed-verdict",
      "data-signed": signed.status,
      class: cx("flex flex-col gap-3 rounded-2xl p-5 shadow-xs sm:p-6", tone),
    },
    h(
      "div",
      { class: "flex items-center gap-4 sm:gap-6" },
      statusIcon(signed.status === "genuine" ? "valid" : signed.status === "expired" ? "invalid" : "unknown"),
      h(
        "div",
        { class: "flex min-w-0 flex-col gap-1" },
        answerHeading(heading, "text-3xl font-extrabold uppercase leading-tight tracking-wide sm:text-4xl"),
        h("p", { class: "text-base font-medium sm:text-lg" }, detail),
      ),
    ),
    claims &&
      h(
        "dl",
        { class: "grid gap-x-6 gap-y-2 sm:grid-cols-2" },
        signedField(t("check:signed.name"), `${claims.givenNames} ${claims.familyName}`.trim()),
        signedField(t("check:holder.code"), claims.code),
        signedField(t("check:signed.kind"), t(`check:signed.kinds.${kind}`)),
        signedField(t("check:signed.validUntil"), formatDate(claims.validUntil * 1000)),
      ),
    signed.status === "genuine" && signed.demoKey && demoMark(options),
    waiting
      ? h("p", { role: "status", class: "text-base font-semibold" }, t("check:signed.confirming"))
      : h("p", { class: "text-base font-semibold" }, t("check:signed.notConfirmed")),
  );
};

const signedField = (label: string, value: string) =>
  h(
    "div",
    { class: "flex min-w-0 flex-col" },
    h("dt", { class: "text-sm font-medium" }, label),
    h("dd", { class: "break-words text-xl font-bold" }, value),
  );

/** Under the online verdict: what the signature said, in one line (and the demo key's mark). */
export const signedNote = (options: CheckViewOptions, signed: SignedCheck) => {
  const { t } = options;
  const ahead = aheadOf(signed);
  const text =
    signed.status === "genuine"
      ? t("check:signed.confirmed")
      : signed.status === "expired"
        ? t("check:signed.expiredNote", { date: formatDate(signed.claims.validUntil * 1000) })
        : ahead
          ? t("check:signed.keyAheadNote", { date: ahead })
          : t("check:signed.unknownKeyNote");
  return h(
    "div",
    {
      "data-testid": "signed-note",
      "data-signed": signed.status,
      class: "flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 text-base font-semibold text-fg",
    },
    h("p", {}, text),
    signed.status === "genuine" && signed.demoKey && demoMark(options),
  );
};
