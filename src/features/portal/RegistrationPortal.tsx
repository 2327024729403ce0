import { useTranslation } from "react-i18next";
import { useCapability } from "../../app/runtime-context";
import { kindIds } from "../../api/kind-ids";
import { wizardStepCount } from "../../kinds/ids";
import { Card } from "../../ui/Card";
import { Link } from "../../ui/Link";
import { PublicLayout } from "../layout/PublicLayout";
import { asset } from "../landing/assets";

/**
 * Registration portal at /registration (docs/spec.md §2): three large choice cards. Each card's title is the link (its
 * accessible name stays short: "Étudiant"); a stretched pseudo-element makes the whole card clickable and the
 * description is attached with aria-describedby.
 */
export const RegistrationPortal = () => {
  const { t } = useTranslation();
  // Extension `track` (docs/extensions.md): an applicant coming back after sending finds the tracking page here.
  const trackOn = useCapability("track");
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:py-14">
        <div className="flex max-w-3xl flex-col gap-2">
          <h1 className="text-3xl font-bold text-fg sm:text-4xl">{t("registration:portal.title")}</h1>
          <p className="text-lg text-fg-muted">{t("registration:portal.intro")}</p>
          {trackOn && (
            <Link href="/track" variant="secondary" className="mt-2 min-h-12 self-start px-6 text-base">
              {t("registration:track.linkFromResult")}
            </Link>
          )}
        </div>

        <ul aria-label={t("registration:portal.choicesLabel")} className="grid gap-4 md:grid-cols-3">
          {kindIds.map((kind) => (
            <li
              key={kind}
              className="relative flex flex-col items-center gap-4 rounded-2xl border-2 border-border bg-surface p-6 text-center shadow-xs transition-colors hover:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus has-[:focus-visible]:outline-solid motion-reduce:transition-none"
            >
              <img
                src={asset(`images/portal-${kind}.svg`)}
                alt=""
                width={96}
                height={96}
                className="size-20 sm:size-24"
              />
              <h2 className="text-2xl font-bold">
                <Link
                  href={`/registration/${kind}`}
                  variant="plain"
                  aria-describedby={`portal-${kind}-desc`}
                  className="inline-flex min-h-11 items-center outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
                >
                  {t(`registration:portal.${kind}.title`)}
                </Link>
              </h2>
              <p id={`portal-${kind}-desc`} className="flex flex-col gap-1 text-fg-muted">
                <span>{t(`registration:portal.${kind}.body`)}</span>
                <span className="text-sm font-medium text-fg">
                  {t("registration:portal.steps", { count: wizardStepCount[kind] })}
                </span>
              </p>
              <span
                aria-hidden="true"
                className="mt-auto inline-flex min-h-10 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary"
              >
                {t("registration:portal.start")}
                <svg
                  viewBox="0 0 16 16"
                  width="16"
                  height="16"
                  className="size-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M3 8h10M9 4l4 4-4 4" />
                </svg>
              </span>
            </li>
          ))}
        </ul>

        <Card className="flex max-w-3xl flex-col gap-3">
          <h2 className="text-lg font-semibold text-fg">{t("registration:portal.prepareTitle")}</h2>
          <ul className="list-disc ps-5 text-fg-muted">
            <li>{t("registration:portal.prepare.register")}</li>
            <li>{t("registration:portal.prepare.photo")}</li>
            <li>{t("registration:portal.prepare.emergency")}</li>
          </ul>
          <p className="text-fg-muted">{t("registration:portal.terms")}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {kindIds.map((kind) => (
              <li key={kind}>
                <Link href={`/terms/${kind}`} className="inline-flex min-h-11 items-center">
                  {t("registration:portal.termsLink", { kind: t(`terms:kind.${kind}`) })}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </PublicLayout>
  );
};
