import i18next, { type ResourceKey } from "i18next";
import { createActor, fromPromise } from "xstate";
import { setUpApi } from "../app/api-setup";
import type { KindId } from "../api/kind-ids";
import { capabilityOn, publicCheckOf, type RuntimeConfig } from "../app/config";
import { DEFAULT_VALIDITY_RULES } from "../api/card-validity";
import { checkPathParts } from "../features/check/check-target";
import { checkScreen, mountCheckView } from "../features/check/check-view";
import { fetchLocale, loadWithRetry } from "../i18n/backend";
import {
  CHECK_SCREEN_NAMESPACES,
  CHECK_TRANSLATIONS_ID,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
} from "../i18n/namespaces";
import { isKindId } from "../kinds/ids";
import { cardCheckMachine, labelsLoader, loadCheckLabels } from "../machines/card-check";
import type { SignedCheck } from "../machines/card-check-signed";
import { keepStatic } from "./static-page";
import { afterNextPaint } from "../ui/after-paint";

/** The kind and token of a check page's path; null when it is not a check page of a known kind (the app then shows its "not found" page). */
export const checkTarget = (pathname: string): { kind: KindId; token: string } | null => {
  const parts = checkPathParts(pathname);
  return parts && isKindId(parts.kind) ? { kind: parts.kind, token: parts.token } : null;
};

/** The screen's translations as the prerendered page carries them; null when absent or unreadable (then fetched). */
const inlineTranslations = (): Record<string, ResourceKey> | null => {
  try {
    const value: unknown = JSON.parse(document.getElementById(CHECK_TRANSLATIONS_ID)?.textContent ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const bundles = value as Record<string, unknown>;
    return CHECK_SCREEN_NAMESPACES.every(
      (namespace) => typeof bundles[namespace] === "object" && bundles[namespace] !== null,
    )
      ? (bundles as Record<string, ResourceKey>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The check page in live mode, without the app: a QR scan at a gate is answered by the prerendered page, the
 * check machine, the API layer and check-view.ts, without React and the router (docs/performance.md: React drawing
 * this screen made its longest task or its busy time pass their budgets).
 * The header and footer stay the prerendered HTML (their pickers served by keepStatic, their links plain page
 * loads). `signed`: the QR's signed fragment as the entry checks it (entry/main.tsx, `startSignedCheck`). Returns
 * false when this page is not one it can serve: the caller starts the app instead.
 */
export const startCheckPage = async (
  container: HTMLElement,
  config: RuntimeConfig,
  signed: Promise<SignedCheck | null> = Promise.resolve(null),
): Promise<boolean> => {
  const target = checkTarget(location.pathname);
  const host = container.querySelector<HTMLElement>("[data-check-view]");
  if (!target || !host) return false;
  setUpApi(config);
  // The check is asked for at once; the screen's translations arrive meanwhile (the page shows "checking…").
  const actor = createActor(
    cardCheckMachine.provide({
      actors: {
        loadLabels: labelsLoader(loadCheckLabels, afterNextPaint),
        verifySigned: fromPromise(() => signed),
      },
    }),
    { input: target },
  ).start();
  const resources =
    inlineTranslations() ??
    Object.fromEntries(
      await Promise.all(
        CHECK_SCREEN_NAMESPACES.map(
          async (namespace) =>
            [namespace, await loadWithRetry(() => fetchLocale(DEFAULT_LANGUAGE, namespace))] as const,
        ),
      ),
    );
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: "common",
    resources: { [DEFAULT_LANGUAGE]: resources },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const screen = mountCheckView(host, {
    t: i18n.t.bind(i18n),
    language: DEFAULT_LANGUAGE,
    onRetry: () => actor.send({ type: "RETRY" }),
    adopt: true,
    lifecycle: capabilityOn(config, "lifecycle") ? (config.cardValidity ?? DEFAULT_VALIDITY_RULES) : null,
    identityOnly: publicCheckOf(config) === "identity-only",
  });
  screen.update(checkScreen(actor.getSnapshot()));
  actor.subscribe((snapshot) => screen.update(checkScreen(snapshot)));
  keepStatic(container);
  return true;
};
