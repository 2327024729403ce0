import { getI18n } from "react-i18next";
import { ConfigError } from "../../app/config";
import { NativeButton } from "../../ui/NativeButton";
import { isChunkLoadError } from "./chunk-load";

/** Translated text when i18n is up and has the key; the English literal otherwise (i18n itself may have failed). */
const text = (key: string, english: string): { value: string; lang: string | undefined } => {
  // The instance bound to react-i18next (initI18n binds it); reads it without hooks or context.
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  if (i18n?.isInitialized && i18n.exists(key)) return { value: i18n.t(key), lang: i18n.resolvedLanguage };
  return { value: english, lang: "en" };
};

/**
 * Last-resort screen (docs/spec.md §8 "Unexpected Application Error!") for a failed boot or an error above the router.
 * Uses no React context: no i18n provider, router or session is needed.
 */
export function AppErrorFallback({ error }: { error?: unknown }) {
  const unconfigured = error instanceof ConfigError && error.reason === "missing";
  // A config that cannot be used says which setting is wrong, for whoever runs the site (fail closed, never a guess).
  const misconfigured = error instanceof ConfigError && error.reason === "invalid" ? error.message : null;
  const title = unconfigured
    ? text("errors:notConfigured", "This site is not configured")
    : misconfigured !== null
      ? text("errors:misconfigured", "This site's configuration cannot be used")
      : text("errors:unexpected", "Unexpected Application Error!");
  const detail = unconfigured
    ? text("errors:notConfiguredDetail", "Its configuration file (config.json) is missing.")
    : misconfigured !== null
      ? text("errors:misconfiguredDetail", "If you run this site, correct its configuration file (config.json):")
      : isChunkLoadError(error)
        ? text("errors:chunkLoad", "A part of the application could not be loaded. Check your connection and reload.")
        : null;
  const reload = text("errors:reload", "Reload");
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center text-fg">
      <h1 lang={title.lang} className="text-2xl font-semibold">
        {title.value}
      </h1>
      {detail && (
        <p lang={detail.lang} className="text-fg-muted">
          {detail.value}
        </p>
      )}
      {misconfigured !== null && (
        <p lang="en" className="font-mono text-sm break-words">
          {misconfigured}
        </p>
      )}
      <NativeButton lang={reload.lang} onClick={() => window.location.reload()}>
        {reload.value}
      </NativeButton>
    </main>
  );
}
