import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import type { CheckResult } from "../../machines/verifier-check";
import type { CardClaims } from "../../signed/payload";
import { anchorButtonClasses, cx } from "../../ui/classes";
import { listDate, timeOf } from "./verify-format";
import { VerdictIcon, type VerdictLook } from "./VerdictIcon";

const knownReasons = ["lost", "stolen", "replaced", "withdrawn"];

const looks: Record<VerdictLook, string> = {
  valid: "border-success-fg bg-success-bg text-success-fg",
  stop: "border-error-fg bg-error-bg text-error-fg",
  revoked: "border-error-fg bg-error-bg text-error-fg",
  expired: "border-warning-fg bg-warning-bg text-warning-fg",
  caution: "border-warning-fg bg-warning-bg text-warning-fg",
  unknown: "border-info-fg bg-info-bg text-info-fg",
};

const lookOf = (result: CheckResult): VerdictLook => {
  if (result.result === "notSigned") return "unknown";
  switch (result.verdict.verdict) {
    case "valid":
      return "valid";
    case "staleList":
      return "caution";
    case "expired":
      return "expired";
    case "unknownKey":
      return "unknown";
    case "revoked":
      return "revoked";
    default:
      return "stop";
  }
};

function Facts({ claims }: { readonly claims: CardClaims }) {
  const { t } = useTranslation("verify");
  const rows: ReadonlyArray<readonly [string, string]> = [
    [t("field.name"), `${claims.givenNames} ${claims.familyName}`.trim()],
    [t("field.code"), claims.code],
    [t("field.kind"), t(`verify:kind.${claims.kind}`)],
    [t("field.validUntil"), formatDate(claims.validUntil * 1000)],
  ];
  // Each label above its value on a phone, beside it from `sm`: a name or a code wraps, it is never cut.
  return (
    <dl className="grid grid-cols-1 text-base text-fg sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-1 sm:text-lg">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-fg-muted sm:text-lg">{label}</dt>
          <dd className="mb-1 min-w-0 text-lg font-semibold wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface VerdictPanelProps {
  readonly result: CheckResult;
  readonly checkedOffline: boolean;
  /** When the backend confirmed it (ms), null when it rests on the kept list alone. */
  readonly confirmedAt: number | null;
  /** undefined: not asked (offline); null: none, or the backend's answer names another card. */
  readonly photo: string | null | undefined;
  readonly headingId: string;
  /** Over the camera, the whole screen (VerifyPage's FullScreen); in the page otherwise. */
  readonly fullScreen?: boolean;
  /** At the verdict's foot: the way back to scanning when it covers the camera. */
  readonly footer?: ReactNode;
}

/** One verdict, large, in its own colour and icon: what a guard reads from arm's length. */
export function VerdictPanel({
  result,
  checkedOffline,
  confirmedAt,
  photo,
  headingId,
  fullScreen = false,
  footer = null,
}: VerdictPanelProps) {
  const { t } = useTranslation("verify");
  const look = lookOf(result);
  let title: string;
  let body: ReactNode = null;
  let claims: CardClaims | null = null;
  let demoKey = false;
  if (result.result === "notSigned") {
    title = t("verdict.notSigned");
    body = (
      <>
        <p>{t("verdict.notSignedBody")}</p>
        {result.checkUrl ? (
          <a href={result.checkUrl} className={cx(anchorButtonClasses("secondary"), "self-start")}>
            {t("verdict.openOnline")}
          </a>
        ) : null}
      </>
    );
  } else {
    const verdict = result.verdict;
    switch (verdict.verdict) {
      case "valid":
        title = t("verdict.valid");
        claims = verdict.claims;
        demoKey = verdict.demoKey;
        break;
      case "forged":
        title = t("verdict.forged");
        body = <p>{t("verdict.forgedBody")}</p>;
        break;
      case "revoked":
        // A guard reads what happened to the card, not the list's jargon.
        title =
          verdict.reason === "lost"
            ? t("verdict.revokedLost")
            : verdict.reason === "stolen"
              ? t("verdict.revokedStolen")
              : verdict.reason === "replaced"
                ? t("verdict.revokedReplaced")
                : t("verdict.revoked");
        claims = verdict.claims;
        body = verdict.reason ? (
          <p className="text-lg font-semibold">
            {t("reason.label", {
              reason: knownReasons.includes(verdict.reason) ? t(`verify:reason.${verdict.reason}`) : verdict.reason,
            })}
          </p>
        ) : null;
        break;
      case "expired":
        // A digital card's token lives a few days: its end is not the card's, the phone only needs the network.
        title =
          verdict.when === "notYet"
            ? t("verdict.notYet")
            : verdict.claims.digital
              ? t("verdict.digitalExpired")
              : t("verdict.expired");
        claims = verdict.claims;
        break;
      case "staleList":
        title = verdict.ahead
          ? t("verdict.listAhead")
          : verdict.days === null
            ? t("verdict.noList")
            : t("verdict.staleList", { count: verdict.days });
        claims = verdict.claims;
        demoKey = verdict.demoKey;
        body = <p>{t("verdict.staleBody")}</p>;
        break;
      case "unknownKey":
        // A published key whose first day is still ahead: the phone's clock (or the issuer's) is wrong.
        title = verdict.aheadFrom ? t("verdict.keyAhead") : t("verdict.unknownKey");
        body = (
          <p>
            {verdict.aheadFrom
              ? t("verdict.keyAheadBody", { date: formatDate(Date.parse(`${verdict.aheadFrom}T12:00:00Z`)) })
              : result.keysHeld
                ? t("verdict.unknownKeyBody")
                : t("verdict.noKeys")}
          </p>
        );
        break;
    }
  }
  const listAt = result.result === "verdict" ? result.listIssuedAt : null;
  const when =
    result.result !== "verdict"
      ? null
      : confirmedAt !== null
        ? t("confirmedOnline", { time: timeOf(confirmedAt) })
        : checkedOffline
          ? listAt === null
            ? t("checkedOfflineNoList")
            : t("checkedOffline", { date: listDate(listAt) })
          : listAt === null
            ? t("checkedOnlineNoList")
            : t("checkedOnline", { date: listDate(listAt) });
  const name = claims ? `${claims.givenNames} ${claims.familyName}`.trim() : "";
  return (
    <section
      aria-labelledby={headingId}
      data-verdict={result.result === "verdict" ? result.verdict.verdict : "notSigned"}
      className={cx(
        "animate-cc-verdict flex min-w-0 flex-col gap-4 p-5 sm:p-6",
        fullScreen ? "grow border-8" : "rounded-2xl border-4",
        looks[look],
      )}
    >
      <div className="flex items-center gap-4">
        <VerdictIcon look={look} />
        <h2 id={headingId} className="min-w-0 text-2xl leading-tight font-bold wrap-break-word sm:text-3xl">
          {title}
        </h2>
      </div>
      {claims?.digital ? (
        <p className="self-start rounded-md border-2 border-current px-2 py-1 text-sm font-bold uppercase">
          {t("digitalMark")}
        </p>
      ) : null}
      {demoKey ? (
        <p className="self-start rounded-md border-2 border-current px-2 py-1 text-sm font-bold uppercase">
          {t("demoKey")}
        </p>
      ) : null}
      {body ? <div className="flex flex-col gap-2 text-base text-fg">{body}</div> : null}
      {claims ? (
        <div className="flex flex-wrap items-start gap-4 rounded-xl bg-surface p-4">
          {photo ? (
            <img
              src={photo}
              alt={t("field.photo", { name })}
              className={cx(
                "shrink-0 rounded-lg border border-border object-cover",
                fullScreen ? "h-48 w-36" : "h-36 w-28",
              )}
            />
          ) : null}
          {/* Beside the photo when both fit, below it on a narrow phone. */}
          <div className="flex min-w-0 grow basis-52 flex-col gap-2">
            <Facts claims={claims} />
            {photo === null ? <p className="text-sm text-fg-muted">{t("noPhoto")}</p> : null}
          </div>
        </div>
      ) : null}
      {when ? <p className="text-sm font-semibold">{when}</p> : null}
      {footer ? <div className="mt-auto">{footer}</div> : null}
    </section>
  );
}
