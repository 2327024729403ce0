import { formatDateTime } from "../../i18n/format";
import type { CardCheckView, CheckLabels } from "../../machines/card-check-view";
import { anchorButtonClasses, cx, nativeButtonClasses } from "../../ui/classes";
import { h } from "../../ui/dom";
import { afterFrame } from "../../ui/after-paint";
import { lifeVerdict } from "./check-life";
import { signedOutcome, type SignedCheck } from "../../machines/card-check-signed";
import { answerHeading, spinner, statusIcon } from "./check-marks";
import { emergency, holder } from "./check-holder-view";
import type { CheckPhase, CheckScreen, CheckViewHandle, CheckViewOptions } from "./check-screen";
import { forged, signedNote, signedVerdict } from "./check-signed-view";

export { checkScreen, refLabel, type CheckPhase, type CheckScreen, type CheckViewHandle } from "./check-screen";

/**
 * The public card check's screen (docs/spec.md §2, reached through the card's QR code), drawn with the DOM rather than
 * React: in live mode the page answers a QR scan before any framework has downloaded (src/entry/check-page.ts), and the
 * app's route shows the very same screen (CardCheckPage). The verdict first, large, coloured, worded and with an
 * icon; then the holder (photo, names, registration number, card code, kind fields, academic year) and the
 * emergency information. The holder's own e-mail and phone are never shown (the machine does not even keep them).
 */

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
      // The host's own document: the frame may come after the page (or a test's DOM) has gone.
      const page = host.ownerDocument;
      const before = page.activeElement;
      afterFrame(() => {
        if (!host.isConnected) return;
        if (page.activeElement === before || page.activeElement === page.body)
          host.querySelector<HTMLElement>("h1[tabindex]")?.focus();
      });
    }
  };
  return { update };
};
