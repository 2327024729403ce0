import { initI18n } from "../i18n";
import { namespacesFor } from "../i18n/route-namespaces";
import { ConfigError, loadRuntimeConfig } from "./config";
import { createAppRouter } from "./router";
import type { Runtime } from "./runtime-context";
import { setApiBaseUrl } from "./session-store";

/**
 * Start-up order matters: the config is fetched with the browser's fetch, then (demo only) the Mirage server
 * replaces fetch before the first API call. Mirage, pdf-lib and fontkit arrive in a lazy chunk, so live mode
 * never downloads them; the session and the reference data start with the routes that need them.
 */
export const boot = async () => {
  // Translations are awaited even when the config fails, so the "not configured" page speaks the reader's language.
  const [loaded] = await Promise.allSettled([loadRuntimeConfig(), initI18n({ preload: namespacesFor(location.pathname) })]);
  if (loaded.status === "rejected") throw loaded.reason;
  const config = loaded.value;
  let runtime: Runtime = { config, resetDemo: null, demoAccounts: [], demoCardToken: null };
  if (config.mode === "demo") {
    if (!__CAMPUS_DEMO__) throw new ConfigError("config.json asks for the demo, which this build leaves out (CAMPUS_DEMO=0)");
    const demo = await import("../mock-server");
    demo.startDemoServer({
      persist: true,
      bulk: config.demoBulk,
      latency: config.demoLatency,
      // Loaded only if it happens: the notice brings the toasts, which the first screen does not need.
      onStorageLoss: () => void import("./storage-notice").then(({ noticeStorageFailure }) => noticeStorageFailure("demo")),
    });
    const resetDemo = () => {
      demo.resetDemoData();
      location.reload();
    };
    runtime = { config, resetDemo, demoAccounts: demo.demoAccounts, demoCardToken: demo.demoCardToken };
    // Demo builds only: lets browser tests and trainers find the check token a card's QR code carries.
    Object.assign(globalThis, { __campusDemo: { cardToken: demo.demoCardToken, cards: demo.demoCardTokens } });
  }
  setApiBaseUrl(config.mode === "demo" ? "" : (config.apiBaseUrl ?? ""));
  const router = createAppRouter();
  return { runtime, router };
};
