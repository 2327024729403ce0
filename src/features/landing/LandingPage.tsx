import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../ui/Card";
import { Details } from "../../ui/Details";
import { Link } from "../../ui/Link";
import { PublicLayout } from "../layout/PublicLayout";
import { useContact } from "../../app/runtime-context";
import { phoneHref } from "../../app/config-contact";
import { wizardStepCount } from "../../kinds/ids";
import { asset } from "./assets";
import { ApplyIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon, QrIcon, ReplaceIcon, TrackIcon } from "./icons";

/** Anchors of the page's sections, in order (the in-page navigation lists them). */
export const LANDING_SECTIONS = ["about", "services", "partners", "faq", "team", "contact"] as const;

const services = [
  { id: "apply", Icon: ApplyIcon },
  { id: "track", Icon: TrackIcon },
  { id: "check", Icon: QrIcon },
  { id: "replace", Icon: ReplaceIcon },
] as const;

const partners = ["bank", "health", "telecom", "transport"] as const;
const faq = ["apply", "documents", "delay", "lost", "qr", "data"] as const;
const team = [
  { id: "office", initials: "BC" },
  { id: "registrar", initials: "SC" },
  { id: "hr", initials: "RH" },
  { id: "it", initials: "SI" },
] as const;

/** A titled landing section: `<section aria-labelledby>` with an h2, a lead paragraph and content. */
const LandingSection = ({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) => (
  <section id={id} aria-labelledby={`${id}-title`} className={tinted ? "border-y border-border bg-surface" : undefined}>
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="flex max-w-3xl flex-col gap-2">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-fg sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="text-base text-fg-muted sm:text-lg">{intro}</p>}
      </div>
      {children}
    </div>
  </section>
);

/**
 * The calls to action: the registration portal, following a request already sent, and the agents' sign-in. The
 * landing is static HTML that cannot read config.json's capabilities: /track itself says how to reach the office
 * where the backend offers no tracking.
 */
const Ctas = () => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <Link href="/registration" variant="primary" className="min-h-12 px-6 text-base">
        {t("home:ctaRegister")}
      </Link>
      <Link href="/track" variant="secondary" className="min-h-12 px-6 text-base">
        {t("home:ctaTrack")}
      </Link>
      <Link href="/auth" variant="secondary" className="min-h-12 px-6 text-base">
        {t("home:ctaSignIn")}
      </Link>
    </div>
  );
};

/** Landing page at / and /home (docs/spec.md §2): hero, about, services, partners, FAQ, team, contact. */
/** The fewest and most steps a wizard shows, for the facts ("4 à 5 étapes"). */
const stepCounts = Object.values(wizardStepCount);
const stepRange = { min: Math.min(...stepCounts), max: Math.max(...stepCounts) };

export const LandingPage = () => {
  const { t } = useTranslation();
  const contact = useContact();
  return (
    <PublicLayout>
      {/* Hero */}
      <div className="bg-primary-soft">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr]">
          <div className="flex flex-col items-start gap-5">
            <p className="text-sm font-semibold uppercase tracking-wide text-success-fg">{t("home:heroEyebrow")}</p>
            <h1 className="text-3xl font-bold leading-tight text-fg sm:text-4xl lg:text-5xl">{t("home:heroTitle")}</h1>
            <p className="max-w-2xl text-lg text-fg-muted">{t("home:heroBody")}</p>
            <Ctas />
          </div>
          <img
            src={asset("images/hero-card.svg")}
            alt={t("home:heroImageAlt")}
            width={480}
            height={320}
            fetchPriority="high"
            decoding="async"
            className="mx-auto h-auto w-full max-w-md"
          />
        </div>
      </div>

      <nav aria-label={t("home:onThisPage")} className="border-b border-border bg-surface">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-5 gap-y-1 px-4 py-3 text-sm">
          {LANDING_SECTIONS.map((id) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center rounded-xs text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
              >
                {t(`home:${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <LandingSection id="about" title={t("home:about.title")}>
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="flex flex-col gap-4 text-base text-fg">
            <p>{t("home:about.body1")}</p>
            <p>{t("home:about.body2")}</p>
            <p>{t("home:about.body3")}</p>
          </div>
          <Card>
            <h3 className="text-base font-semibold text-fg">{t("home:about.facts.label")}</h3>
            <ul className="mt-3 flex flex-col gap-2 text-sm text-fg-muted">
              {(["kinds", "steps", "languages"] as const).map((key) => (
                <li key={key} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent" />
                  <span>{t(`home:about.facts.${key}`, stepRange)}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </LandingSection>

      <LandingSection id="services" title={t("home:services.title")} intro={t("home:services.intro")} tinted>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {services.map(({ id, Icon }) => (
            <li key={id}>
              <Card className="flex h-full flex-col gap-3">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary-soft text-success-fg">
                  <Icon />
                </span>
                <h3 className="text-lg font-semibold text-fg">{t(`home:services.${id}.title`)}</h3>
                <p className="text-sm text-fg-muted">{t(`home:services.${id}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
        <div>
          <Link href="/registration" variant="primary">
            {t("home:ctaRegister")}
          </Link>
        </div>
      </LandingSection>

      <LandingSection id="partners" title={t("home:partners.title")} intro={t("home:partners.intro")}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {partners.map((id) => (
            <li key={id} className="flex items-center gap-4 rounded-xl border border-border bg-surface p-4">
              <img
                src={asset(`images/partner-${id}.svg`)}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
                className="size-14 shrink-0"
              />
              <div className="min-w-0">
                <h3 className="font-semibold text-fg">{t(`home:partners.${id}.name`)}</h3>
                <p className="text-sm text-fg-muted">{t(`home:partners.${id}.role`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="faq" title={t("home:faq.title")} tinted>
        <div className="max-w-3xl rounded-lg border-t border-border">
          {faq.map((id) => (
            <Details key={id} summary={t(`home:faq.${id}.q`)}>
              <p className="text-base text-fg">{t(`home:faq.${id}.a`)}</p>
            </Details>
          ))}
        </div>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <Link href="/terms/student">{t("home:faq.moreTerms")}</Link>
          <Link href="/privacy">{t("home:faq.morePrivacy")}</Link>
        </p>
      </LandingSection>

      <LandingSection id="team" title={t("home:team.title")} intro={t("home:team.intro")}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {team.map(({ id, initials }) => (
            <li key={id}>
              <Card className="flex h-full flex-col items-start gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-14 items-center justify-center rounded-full bg-primary text-lg font-bold text-on-primary"
                >
                  {initials}
                </span>
                <h3 className="text-lg font-semibold text-fg">{t(`home:team.${id}.name`)}</h3>
                <p className="text-sm text-fg-muted">{t(`home:team.${id}.role`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="contact" title={t("home:contact.title")} intro={t("home:contact.intro")} tinted>
        <address className="not-italic">
          <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {contact.address && (
              <ContactItem icon={<PinIcon />} label={t("home:contact.addressLabel")}>
                {contact.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </ContactItem>
            )}
            {contact.email && (
              <ContactItem icon={<MailIcon />} label={t("home:contact.emailLabel")}>
                <Link href={`mailto:${contact.email}`} className="inline-flex min-h-11 items-center break-all">
                  {contact.email}
                </Link>
              </ContactItem>
            )}
            {contact.phone && (
              <ContactItem icon={<PhoneIcon />} label={t("home:contact.phoneLabel")}>
                <Link href={phoneHref(contact.phone)} className="inline-flex min-h-11 items-center">
                  {contact.phone}
                </Link>
              </ContactItem>
            )}
            <ContactItem icon={<ClockIcon />} label={t("home:contact.hoursLabel")}>
              {t("home:contact.hours")}
            </ContactItem>
          </dl>
        </address>
      </LandingSection>

      <section aria-labelledby="cta-title" className="bg-primary-soft">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12">
          <h2 id="cta-title" className="text-2xl font-bold text-fg">
            {t("home:cta.title")}
          </h2>
          <p className="text-fg-muted">{t("home:cta.body")}</p>
          <Ctas />
        </div>
      </section>
    </PublicLayout>
  );
};

/** One line of the contact block: a term and its value (inside <address><dl>, so no heading here). */
const ContactItem = ({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) => (
  <div className="flex min-w-0 flex-col gap-1">
    <dt className="flex items-center gap-2 font-semibold text-fg">
      <span className="text-success-fg">{icon}</span>
      {label}
    </dt>
    <dd className="ps-7 text-fg-muted">{children}</dd>
  </div>
);
