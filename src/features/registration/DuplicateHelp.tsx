import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { useCapability } from "../../app/runtime-context";
import { Link } from "../../ui/Link";
import { useOfficeName } from "../track/office-name";

/**
 * Below the specification's "This demand already exist.": what to do next. The applicant's own request is followed on
 * the tracking page (extension `track`, when declared); a mistake in a sent request or a lost card is the office's business (a
 * second request under another registration number would be a false one).
 */
export function DuplicateHelp({ kind }: { readonly kind: KindId }) {
  const { t } = useTranslation();
  const trackOn = useCapability("track");
  const office = useOfficeName();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-semibold">{t("registration:duplicate.title")}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        <li>
          {trackOn ? t("registration:duplicate.own") : t("registration:duplicate.ownNoTrack")}{" "}
          {trackOn && (
            <Link href={`/track?kind=${kind}`} className="font-medium">
              {t("registration:duplicate.track")}
            </Link>
          )}
        </li>
        <li>{t("registration:duplicate.mistake", { office })}</li>
        <li>{t("registration:duplicate.lost", { office })}</li>
      </ul>
    </div>
  );
}

/**
 * The submission was accepted (2xx) but its answer cannot be read: the demand is most probably saved, its code
 * unknown here. Never "send again" (that would meet "already exists"): the code is in the confirmation e-mail, to
 * track it (extension `track`), and the office finds it by the registration number.
 */
export function UnreadAnswerHelp({ kind }: { readonly kind: KindId }) {
  const { t } = useTranslation();
  const trackOn = useCapability("track");
  const office = useOfficeName();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>{t("registration:wizard.answerUnread.body")}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        {trackOn && (
          <li>
            {t("registration:wizard.answerUnread.track")}{" "}
            <Link href={`/track?kind=${kind}`} className="font-medium">
              {t("registration:duplicate.track")}
            </Link>
          </li>
        )}
        <li>{t("registration:wizard.answerUnread.office", { office })}</li>
      </ul>
    </div>
  );
}
