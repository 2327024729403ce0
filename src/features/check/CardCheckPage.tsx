import { useLayoutEffect, useMemo, useRef, type MouseEvent } from "react";
import { useRouter } from "@tanstack/react-router";
import { useMachine } from "@xstate/react";
import { fromPromise } from "xstate";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { normalizeLanguage } from "../../i18n/namespaces";
import { cardCheckMachine, labelsLoader } from "../../machines/card-check";
import { useProvidedMachine } from "../../machines/implementations";
import { afterNextPaint } from "../../ui/after-paint";
import { isRoutedClick } from "../../ui/routed-link";
import { useLazyReferenceDataActor } from "../../app/reference-data";
import { PublicLayout } from "../layout/PublicLayout";
import { checkScreen, mountCheckView, type CheckViewHandle } from "./check-view";
import { labelsFromReferenceData } from "./labels";
import { kinds } from "../../kinds";
import { CHECK_PATH_ATTRIBUTE, SIGNED_KEYS_PATH_ATTRIBUTE } from "./check-target";
import { useRuntime } from "../../app/runtime-context";
import { capabilityOn, publicCheckOf } from "../../app/config";
import { DEFAULT_VALIDITY_RULES } from "../../api/card-validity";

export interface CardCheckPageProps {
  readonly kind: KindId;
  /** The token as the router gives it (path params arrive decoded once). */
  readonly token: string;
}

/**
 * Public card check (docs/spec.md §2, reached through the card's QR code) inside the app. The screen itself is drawn by
 * check-view.ts, which the live-mode page also uses without React (src/entry/check-page.ts): one screen, two hosts.
 */
export function CardCheckPage({ kind, token }: CardCheckPageProps) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  const router = useRouter({ warn: false });
  const referenceData = useLazyReferenceDataActor();
  const { config } = useRuntime();
  const lifecycle = capabilityOn(config, "lifecycle") ? (config.cardValidity ?? DEFAULT_VALIDITY_RULES) : null;
  const identityOnly = publicCheckOf(config) === "identity-only";
  const keysPath = kinds[kind].paths.signedQrKeys;
  const signedQr = capabilityOn(config, "signed-qr");
  // Inside the app, the labels come from its reference data (already loaded, or shared with its other screens).
  const logic = useMemo(
    () =>
      cardCheckMachine.provide({
        actors: {
          loadLabels: labelsLoader((names) => labelsFromReferenceData(referenceData(), names), afterNextPaint),
          ...(signedQr
            ? {
                verifySigned: fromPromise(async () => {
                  const { verifyCheckFragment } = await import("./signed-check");
                  return verifyCheckFragment(location.href, { keysPath });
                }),
              }
            : {}),
        },
      }),
    [referenceData, signedQr, keysPath],
  );
  const [snapshot, send] = useMachine(useProvidedMachine(logic), { input: { kind, token } });

  const host = useRef<HTMLDivElement>(null);
  const screen = useRef<CheckViewHandle | null>(null);
  useLayoutEffect(() => {
    if (!host.current) return;
    screen.current = mountCheckView(host.current, {
      t,
      language,
      onRetry: () => send({ type: "RETRY" }),
      lifecycle,
      identityOnly,
    });
    return () => {
      screen.current = null;
    };
  }, [t, language, send, lifecycle, identityOnly]);
  useLayoutEffect(() => screen.current?.update(checkScreen(snapshot)), [snapshot, t, language]);

  // The screen's links are plain anchors: inside the app they navigate through the router.
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (
      !router ||
      !anchor ||
      !href ||
      !isRoutedClick(event, href, { target: anchor.target, download: anchor.hasAttribute("download") })
    )
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <PublicLayout>
      {/* Only links are handled here, and Enter on a link fires click too: no key handler needed. */}
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation for the links inside */}
      <div
        ref={host}
        data-check-view=""
        {...{ [CHECK_PATH_ATTRIBUTE]: kinds[kind].paths.checkCard, [SIGNED_KEYS_PATH_ATTRIBUTE]: keysPath }}
        onClick={followLink}
      />
    </PublicLayout>
  );
}
