import "../styles.css";
import { BOOT } from "./boot-attributes";
import { installChunkErrorReload } from "../features/shell/chunk-load";
import { DEFAULT_LANGUAGE } from "../i18n/namespaces";
import { loadRuntimeConfig, preconnectApi } from "../app/config";
import { hasStoredSession, readStoredLanguage } from "../browser/local-storage";
import { sendEarlyCheck, startSignedCheck } from "../features/check/early-check";
import { keepStatic } from "./static-page";
import { applyStoredTheme } from "../theme/theme";
import { nextTask } from "../browser/next-task";
import { evaluateFirst } from "./evaluated-first";

/**
 * The entry stays tiny. A page prerendered at build time (scripts/lib/prerender.ts) is painted from the HTML
 * first; the app's scripts (named in its `data-scripts`) are only asked for once the browser has shown it,
 * so on a slow network the page's HTML, styles and images have the connection to themselves.
 */
applyStoredTheme();
installChunkErrorReload();
const container = document.getElementById("root");
if (container) {
  // Pages are prerendered in French, hidden until now: a reader who chose English gets the loading screen.
  if (container.hasAttribute(BOOT.prerendered)) {
    if ((readStoredLanguage() ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE)
      container.setAttribute(BOOT.prerendered, "shown");
    else {
      container.removeAttribute(BOOT.prerendered);
      container.replaceChildren();
    }
  }
  const prerendered = container.hasAttribute(BOOT.prerendered);
  // Resolves once the browser has shown the prerendered page (at once for other pages and eager ones).
  const afterFirstPaint = new Promise<void>((resolve) => {
    // A page waiting on the API (data-start="now") starts at once: its scripts came with the HTML.
    if (!prerendered || container.getAttribute(BOOT.start) === "now") return resolve();
    let observer: PerformanceObserver | undefined;
    const go = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    // A background tab does not paint: the timeout starts the app there too.
    const timer = setTimeout(go, 200);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) go();
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      go();
    }
  });
  const startApp = () => {
    void afterFirstPaint
      .then(async () => {
        // The page's scripts, all asked for at once rather than one import after another. Inserting a preload link
        // costs the main thread a few milliseconds on a phone (the request starts there): one link per task keeps
        // twenty of them from making one long task. All are in before the import, whose preloading skips them.
        const hrefs = container.getAttribute(BOOT.scripts)?.split(" ").filter(Boolean) ?? [];
        for (const href of hrefs) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.crossOrigin = "";
          link.href = href;
          document.head.append(link);
          await nextTask();
        }
        // React DOM first, in a task of its own: bundled as CommonJS, it only runs when first required, by its module
        // in the framework chunk.
        await import("../app/react-dom");
        await nextTask();
        await evaluateFirst(hrefs);
        return import("./start");
      })
      .then(({ start }) => start(container, prerendered));
  };
  // The landing stays static (src/entry/static-page.ts): it shows nothing the app would add, in either mode. In live
  // mode a check page draws its answer without the app (src/entry/check-page.ts); in demo mode the answer comes from
  // the app's embedded backend. Signed-in visitors get the app.
  if (prerendered && container.getAttribute(BOOT.static) === "page" && !hasStoredSession()) {
    keepStatic(container);
  } else if (prerendered && container.getAttribute(BOOT.static) === "check" && !hasStoredSession()) {
    loadRuntimeConfig()
      .then(async (config) => {
        if (config.mode !== "live") return startApp();
        preconnectApi(config);
        sendEarlyCheck(container, config);
        const signed = startSignedCheck(container, config);
        // The check screen's libraries came with the HTML (preloaded): evaluated one per task, as the app's are.
        await evaluateFirst(
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
        );
        const { startCheckPage } = await import("./check-page");
        if (!(await startCheckPage(container, config, signed))) startApp();
      })
      .catch(startApp);
  } else startApp();
}
