import { initI18n } from "../i18n";
import { namespacesFor } from "../i18n/route-namespaces";
import { ConfigError, loadRuntimeConfig, preconnectApi } from "./config";
import { nextTask } from "../browser/next-task";
import { createAppRouter } from "./router";
import type { Runtime } from "./runtime-context";
import { setUpApi } from "./api-setup";

/**
 * Start-up order matters: the config is fetched with the browser's fetch, then (demo only) the Mirage server
 * replaces fetch before the first API call. Mirage, pdf-lib and fontkit arrive in a lazy chunk, so live mode
 * never downloads them; the session and the reference data start with the routes that need them.
 */
/**
 * react-aria reads the browser's locale through Intl when its first chunk is evaluated, which loads the locale
 * data (~13 ms on the bench machine, several times that on a phone) inside a long module-evaluation task. Asked
 * for here, in a task of its own while config and translations are on the network, it costs nothing later.
 */
const warmLocaleData = () => {
  try {
    const locale = navigator.language || "fr";
    Intl.DateTimeFormat.supportedLocalesOf([locale]);
    new Intl.Locale(locale).maximize();
  } catch {
    /* an odd locale: react-aria falls back on its own */
  }
};

/**
 * The registration wizard's controls are the platform's own (no react-aria) and it formats no dates on load:
 * there the warm-up would be a long task (~60 ms on a phone) for nothing.
 */
const loadsReactAria = (pathname: string) => !pathname.startsWith("/registration");

export const boot = async () => {
  if (loadsReactAria(location.pathname)) void nextTask().then(warmLocaleData);
  // Translations are awaited even when the config fails, so the "not configured" page speaks the reader's language.
  const [loaded] = await Promise.allSettled([
    loadRuntimeConfig(),
    initI18n({ preload: namespacesFor(location.pathname) }),
  ]);
  if (loaded.status === "rejected") throw loaded.reason;
  const config = loaded.value;
  preconnectApi(config);
  let runtime: Runtime = { config, resetDemo: null, restoreDemoAccounts: null, demoAccounts: [], demoCardToken: null };
  if (config.mode === "demo") {
    if (!__CAMPUS_DEMO__)
      throw new ConfigError("config.json asks for the demo, which this build leaves out (CAMPUS_DEMO=0)");
    // Mirage carries the app's requests to the demo backend, which runs in a web worker (seeding and answering
    // never block the page). Evaluating Mirage is a long piece of work: a task of its own.
    await import("miragejs");
    await nextTask();
    const [{ startDemoWorker }, { demoAccounts }] = await Promise.all([
      import("../mock-server/demo-worker"),
      import("../mock-server/demo-accounts"),
    ]);
    const demo = await startDemoWorker({
      bulk: config.demoBulk,
      latency: config.demoLatency,
      // Loaded only if it happens: the notice brings the toasts, which the first screen does not need.
      onStorageLoss: () =>
        void import("./storage-notice").then(({ noticeStorageFailure }) => noticeStorageFailure("demo")),
    });
    const resetDemo = () => void demo.reset().then(() => location.reload());
    runtime = { config, resetDemo, restoreDemoAccounts: null, demoAccounts, demoCardToken: demo.cardToken };
    // Demo builds only: lets browser tests and trainers find the check token a card's QR code carries.
    Object.assign(globalThis, { __campusDemo: { cardToken: demo.cardToken, cards: demo.cards } });
  }
  if (config.classroom) {
    const [{ demoAccounts }, { resetClassroom, restoreClassroomAccounts }] = await Promise.all([
      import("../mock-server/demo-accounts"),
      import("../api/endpoints/classroom"),
    ]);
    runtime = {
      config,
      resetDemo: () => resetClassroom().then(() => location.reload()),
      restoreDemoAccounts: () => restoreClassroomAccounts().then(() => location.reload()),
      demoAccounts,
      demoCardToken: null,
    };
  }
  setUpApi(config);
  // Creating the router (its route tree) is work of its own, apart from what came in with the translations.
  await nextTask();
  const router = createAppRouter();
  return { runtime, router };
};
