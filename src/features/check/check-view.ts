import type { TFunction } from "i18next";
import type { SnapshotFrom } from "xstate";
import type { KindId } from "../../api/kind-ids";
import { bloodGroups, enumLabel } from "../../api/schemas/enum-labels";
import { formatDate, formatDateTime } from "../../i18n/format";
import type { Language } from "../../i18n/namespaces";
import type { cardCheckMachine } from "../../machines/card-check";
import type { CardRefField, CardCheckView, CheckLabels } from "../../machines/card-check-view";
import { anchorButtonClasses, cx, nativeButtonClasses, nativeFocusRing, textLink } from "../../ui/classes";
import { h, svg, type DomChild } from "../../ui/dom";
import { afterFrame } from "../../ui/after-paint";
import type { ValidityRules } from "../../api/card-validity";
import { lifeVerdict } from "./check-life";
import { signedOutcome, type SignedCheck } from "../../machines/card-check-signed";

/**
 * The public card check's screen (docs/spec.md §2, reached through the card's QR code), drawn with the DOM rather than
 * React: in live mode the page answers a QR scan before any framework has downloaded (src/entry/check-page.ts), and the
 * app's route shows the very same screen (CardCheckPage). The verdict first, large, coloured, worded and with an
 * icon; then the holder (photo, names, registration number, card code, kind fields, academic year) and the
 * emergency information. The holder's own e-mail and phone are never shown (the machine does not even keep them).
 */

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
  const { kind, view, labels, labelsDone, checkedAt, errorKey, signed } = snapshot.context;
  const phase: CheckPhase = snapshot.matches({ found: "valid" })
    ? "valid"
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

const statusIcon = (kind: "valid" | "invalid" | "unknown"): SVGElement =>
  svg(
    "svg",
    {
      viewBox: "0 0 48 48",
      width: 64,
      height: 64,
      "aria-hidden": "true",
      focusable: "false",
      class: "size-14 shrink-0 sm:size-16",
    },
    svg("circle", { cx: 24, cy: 24, r: 22, fill: "currentColor", opacity: kind === "unknown" ? 0.15 : 0.2 }),
    svg("circle", { cx: 24, cy: 24, r: 20, fill: "none", stroke: "currentColor", "stroke-width": 3 }),
    kind === "valid" &&
      svg("path", {
        d: "M14 24.5l7 7L34 17",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 4.5,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }),
    kind === "invalid" &&
      svg("path", {
        d: "M16 16l16 16M32 16L16 32",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 4.5,
        "stroke-linecap": "round",
      }),
    kind === "unknown" &&
      svg("path", {
        d: "M18.5 19a5.5 5.5 0 1 1 8 4.9c-1.6.8-2.5 2-2.5 3.6V29",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 3.5,
        "stroke-linecap": "round",
      }),
    kind === "unknown" && svg("circle", { cx: 24, cy: 35, r: 2.2, fill: "currentColor" }),
  );

/** The kit's spinner (src/ui/Spinner.tsx), large. */
const spinner = (): SVGElement =>
  svg(
    "svg",
    {
      class: "animate-cc-spin shrink-0 size-10 text-link",
      viewBox: "0 0 24 24",
      fill: "none",
      "aria-hidden": "true",
      focusable: "false",
    },
    svg("circle", { cx: 12, cy: 12, r: 10, stroke: "currentColor", "stroke-opacity": 0.25, "stroke-width": 3 }),
    svg("path", {
      d: "M22 12a10 10 0 0 0-10-10",
      stroke: "currentColor",
      "stroke-width": 3,
      "stroke-linecap": "round",
    }),
  );

const field = (label: string, value: DomChild, large = false) =>
  h(
    "div",
    { class: "flex min-w-0 flex-col" },
    h("dt", { class: "text-sm font-medium text-fg-muted" }, label),
    h("dd", { class: cx("break-words font-semibold text-fg", large ? "text-xl" : "text-base") }, value),
  );

/** The answer's first block: the heading that takes the focus. */
const answerHeading = (text: string, classes: string) =>
  h("h1", { tabindex: -1, class: cx(classes, nativeFocusRing) }, text);

const loading = ({ t }: CheckViewOptions) =>
  h(
    "div",
    { class: "flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center" },
    h("h1", { class: "text-2xl font-bold text-fg" }, t("check:title")),
    spinner(),
    h("p", { role: "status", class: "text-lg text-fg-muted" }, t("check:loading")),
  );

/** The verdict; a valid card without a photo proves little by itself, and the verdict says so. */
const verdict = (options: CheckViewOptions, screen: CheckScreen, view: CardCheckView) => {
  const { t } = options;
  const { checkedAt } = screen;
  const hasPhoto = Boolean(view.photo);
  const life = options.lifecycle ? lifeVerdict(t, screen.kind, view, options.lifecycle, checkedAt ?? Date.now()) : null;
  const valid = screen.phase === "valid" && (life?.accepted ?? true);
  return h(
    "div",
    {
      "data-testid": "check-verdict",
      "data-verdict": valid ? "valid" : "invalid",
      "data-photo": hasPhoto ? "present" : "missing",
      class: cx(
        "flex items-center gap-4 rounded-2xl p-5 shadow-xs sm:gap-6 sm:p-6",
        valid ? "bg-primary text-on-primary" : "bg-danger text-on-danger",
      ),
    },
    statusIcon(valid ? "valid" : "invalid"),
    h(
      "div",
      { class: "flex min-w-0 flex-col gap-1" },
      answerHeading(
        valid ? t("check:valid") : t("check:invalid"),
        "text-3xl font-extrabold uppercase leading-tight tracking-wide sm:text-5xl",
      ),
      life &&
        h("p", { "data-testid": "check-life", class: "text-2xl font-bold leading-snug sm:text-3xl" }, life.sentence),
      life?.note && h("p", { class: "text-lg font-semibold" }, life.note),
      (!life || valid) &&
        h(
          "p",
          { class: "text-base font-medium sm:text-lg" },
          valid ? t("check:validDetail") : t("check:invalidDetail"),
        ),
      valid &&
        !hasPhoto &&
        h(
          "p",
          { class: "mt-1 rounded-lg bg-surface px-3 py-2 text-base font-bold text-fg sm:text-lg" },
          t("check:noPhotoWarning"),
        ),
      checkedAt !== null && h("p", { class: "text-sm" }, t("check:checkedAt", { date: formatDateTime(checkedAt) })),
    ),
  );
};

/** The holder's section, and how to show its reference labels once they arrive (the fields change in place). */
const holder = ({ t, language }: CheckViewOptions, view: CardCheckView) => {
  const name = `${view.firstname} ${view.lastname}`.trim();
  const value = (text: string) => text || t("check:notProvided");
  const photo = view.photo
    ? h("img", {
        src: view.photo,
        alt: t("check:holder.photoAlt", { name }),
        width: 128,
        height: 160,
        class: "h-40 w-32 shrink-0 rounded-lg border border-border bg-surface-2 object-cover",
      })
    : h(
        "div",
        {
          class:
            "flex h-40 w-32 shrink-0 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border-strong bg-surface-2 p-2 text-center text-sm text-fg-muted",
        },
        svg(
          "svg",
          {
            viewBox: "0 0 24 24",
            width: 40,
            height: 40,
            "aria-hidden": "true",
            focusable: "false",
            fill: "currentColor",
          },
          svg("circle", { cx: 12, cy: 8, r: 4 }),
          svg("path", { d: "M4 21c.8-4.5 4-7 8-7s7.2 2.5 8 7z" }),
        ),
        t("check:holder.noPhoto"),
      );
  const refFields = view.refs.map((ref) => ({ ref, node: field(t(`check:fields.${ref.field}`), null) }));
  const showLabels = (labels: CheckLabels, labelsDone: boolean) => {
    for (const { ref, node } of refFields) {
      node.lastElementChild?.replaceChildren(
        refLabel(labels, ref, language) ??
          (ref.id === null
            ? t("check:notProvided")
            : labelsDone
              ? String(ref.id)
              : h("span", { class: "text-fg-muted", "aria-busy": "true" }, t("check:labelLoading"))),
      );
    }
  };
  const section = h(
    "section",
    {
      "aria-labelledby": "check-holder",
      class: "flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6",
    },
    h("h2", { id: "check-holder", class: "text-xl font-semibold text-fg" }, t("check:holder.title")),
    h(
      "div",
      { class: "flex flex-col gap-5 sm:flex-row" },
      photo,
      h(
        "dl",
        { class: "grid flex-1 gap-x-6 gap-y-3 sm:grid-cols-2" },
        field(t("check:holder.lastname"), value(view.lastname), true),
        field(t("check:holder.firstname"), value(view.firstname), true),
        field(t("check:holder.register"), h("span", { class: "font-mono" }, value(view.register))),
        field(t("check:holder.code"), h("span", { class: "font-mono" }, value(view.code))),
        ...refFields.map(({ node }) => node),
        field(t("check:holder.academicYear"), value(view.academicYear)),
      ),
    ),
  );
  return { section, showLabels };
};

const emergency = ({ t, language }: CheckViewOptions, view: CardCheckView) => {
  const { bloodGroup, allergies, contactName, contactPhone } = view.emergency;
  const phone = contactPhone
    ? h(
        "a",
        {
          href: `tel:${contactPhone.replace(/[^\d+]/g, "")}`,
          "aria-label": t("check:emergency.call", {
            name: contactName || t("check:emergency.contactName"),
            phone: contactPhone,
          }),
          class: cx(textLink, nativeFocusRing, "inline-flex min-h-11 items-center text-xl"),
        },
        contactPhone,
      )
    : t("check:notProvided");
  return h(
    "section",
    {
      "aria-labelledby": "check-emergency",
      class: "flex flex-col gap-4 rounded-2xl border-2 border-danger bg-surface p-5 sm:p-6",
    },
    h(
      "div",
      { class: "flex items-center gap-3" },
      h(
        "span",
        { class: "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-danger text-on-danger" },
        svg(
          "svg",
          {
            viewBox: "0 0 24 24",
            width: 22,
            height: 22,
            "aria-hidden": "true",
            focusable: "false",
            fill: "currentColor",
          },
          svg("path", { d: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" }),
        ),
      ),
      h(
        "div",
        {},
        h("h2", { id: "check-emergency", class: "text-xl font-semibold text-fg" }, t("check:emergency.title")),
        h("p", { class: "text-sm text-fg-muted" }, t("check:emergency.intro")),
      ),
    ),
    h(
      "dl",
      { class: "grid gap-x-6 gap-y-3 sm:grid-cols-2" },
      field(
        t("check:emergency.bloodGroup"),
        bloodGroup === undefined ? t("check:notProvided") : enumLabel(bloodGroups, bloodGroup, language),
        true,
      ),
      field(t("check:emergency.allergies"), allergies.trim() || t("check:emergency.noAllergies"), true),
      field(t("check:emergency.contactName"), contactName || t("check:notProvided")),
      field(t("check:emergency.contactPhone"), phone),
    ),
  );
};

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
const forged = ({ t }: CheckViewOptions) =>
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
const signedVerdict = (options: CheckViewOptions, kind: KindId, signed: SignedCheck, waiting: boolean) => {
  const { t } = options;
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
        : t("check:signed.unknownKey");
  const detail = signed.status === "unknownKey" ? t("check:signed.unknownKeyDetail") : t("check:signed.genuineDetail");
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
const signedNote = (options: CheckViewOptions, signed: SignedCheck) => {
  const { t } = options;
  const text =
    signed.status === "genuine"
      ? t("check:signed.confirmed")
      : signed.status === "expired"
        ? t("check:signed.expiredNote", { date: formatDate(signed.claims.validUntil * 1000) })
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

const notFound = ({ t }: CheckViewOptions) =>
  h(
    "div",
    { class: "flex flex-col items-start gap-4 rounded-2xl border-2 border-border-strong bg-surface p-6" },
    statusIcon("unknown"),
    answerHeading(t("check:notFound"), "text-3xl font-extrabold text-fg sm:text-4xl"),
    h("p", { class: "text-lg text-fg-muted" }, t("check:notFoundBody")),
    h("a", { href: "/", class: anchorButtonClasses("secondary", "md") }, t("errors:goHome")),
  );

/** `main`: the page's answer (else it follows the signed verdict, under a heading of the second level). */
const failed = (options: CheckViewOptions, errorKey: string | null, main: boolean) =>
  h(
    "div",
    { class: "flex flex-col items-start gap-4 rounded-2xl border-2 border-border-strong bg-surface p-6" },
    main
      ? answerHeading(options.t("check:failedTitle"), "text-2xl font-bold text-fg sm:text-3xl")
      : h("h2", { class: "text-2xl font-bold text-fg" }, options.t("check:failedTitle")),
    h(
      "p",
      { role: "alert", class: "rounded-lg bg-danger-bg p-3 text-base text-danger-fg" },
      options.t(errorKey ?? "errors:generic"),
    ),
    h(
      "button",
      {
        type: "button",
        class: cx(nativeButtonClasses("primary", "md"), "min-h-12 px-6 text-base"),
        onClick: options.onRetry,
      },
      options.t("common:actions.retry"),
    ),
  );

/** The classes of the screen's own box: while checking it fills the screen, so the answer grows it without moving the footer into view. */
const hostClasses = (state: "loading" | "answered") =>
  cx("mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10", state === "loading" && "min-h-dvh");

/**
 * Takes over `host` (its class and children). Once an answer replaces "checking…", the focus moves to its heading
 * so it is announced.
 */
export const mountCheckView = (host: HTMLElement, options: CheckViewOptions): CheckViewHandle => {
  let phase = options.adopt ? (host.dataset.phase as CheckPhase | undefined) : undefined;
  let shown: CheckScreen | null = null;
  let shownSigned: SignedCheck | null = null;
  let showLabels: ((labels: CheckLabels, labelsDone: boolean) => void) | null = null;
  const update = (screen: CheckScreen) => {
    const signed = signedOutcome(screen.signed ?? null, screen.view);
    const sameAnswer =
      screen.phase === phase &&
      signed?.status === shownSigned?.status &&
      (shown === null || (screen.view === shown.view && screen.checkedAt === shown.checkedAt));
    if (sameAnswer) {
      if (showLabels && shown && (screen.labels !== shown.labels || screen.labelsDone !== shown.labelsDone))
        showLabels(screen.labels, screen.labelsDone);
      shown = screen;
      return;
    }
    const from = phase;
    phase = screen.phase;
    shown = screen;
    shownSigned = signed;
    showLabels = null;
    let content: Node[] = [];
    if (signed?.status === "forged") content = [forged(options)];
    else if (screen.phase === "loading")
      content = [signed ? signedVerdict(options, screen.kind, signed, true) : loading(options)];
    else if (screen.phase === "notFound") content = [notFound(options)];
    else if (screen.phase === "failed")
      content = [
        ...(signed ? [signedVerdict(options, screen.kind, signed, false)] : []),
        failed(options, screen.errorKey, signed === null),
      ];
    else if (screen.view) {
      const holderPart = holder(options, screen.view);
      holderPart.showLabels(screen.labels, screen.labelsDone);
      showLabels = holderPart.showLabels;
      content = [
        verdict(options, screen, screen.view),
        ...(signed ? [signedNote(options, signed)] : []),
        holderPart.section,
        ...(options.identityOnly ? [] : [emergency(options, screen.view)]),
        h(
          "p",
          { class: "text-sm text-fg-muted" },
          options.t(options.identityOnly ? "check:privacyNoteIdentity" : "check:privacyNote"),
        ),
      ];
    }
    host.className = hostClasses(screen.phase === "loading" && !signed ? "loading" : "answered");
    host.dataset.phase = screen.phase;
    const { kind } = screen;
    host.replaceChildren(
      h(
        "p",
        { class: "text-sm font-semibold uppercase tracking-wide text-fg-muted" },
        options.t(`check:kindTitle.${kind}`),
      ),
      ...content,
    );
    // An answer that replaces "checking…" (the signed one, then the online one) takes the focus: it is announced.
    // Moved once the answer is painted: focusing at once would lay the page out inside this task, and the answer
    // would wait for it. Unless the reader has put the focus somewhere since.
    if (from === "loading" && (screen.phase !== "loading" || signed !== null)) {
      const before = document.activeElement;
      afterFrame(() => {
        if (document.activeElement === before || document.activeElement === document.body)
          host.querySelector<HTMLElement>("h1[tabindex]")?.focus();
      });
    }
  };
  return { update };
};
