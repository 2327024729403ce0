/**
 * What makes a page an installable app that opens with no network: its web app manifest in the page's head while it
 * is shown, and its service worker (built by build/plugins/offline-sw.ts), whose scope is the page only, so the rest
 * of the site never goes through it. The guards' checker (`verify`, docs/signed-qr.md) and the holder's digital card
 * (`digital-card`, docs/extensions.md).
 */
const base = import.meta.env.BASE_URL;

export type OfflinePageName = "verify" | "digital-card";

const headLink = (rel: string, href: string): HTMLLinkElement => {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  document.head.append(link);
  return link;
};

/** Adds the page's manifest and icon to the head; returns what removes them again. */
export const announceOfflinePage = (name: OfflinePageName, icon: string): (() => void) => {
  const manifest = headLink("manifest", `${base}${name}.webmanifest`);
  const touchIcon = headLink("apple-touch-icon", `${base}${icon}`);
  return () => {
    manifest.remove();
    touchIcon.remove();
  };
};

/** Registers the page's service worker (production builds: the development server has no build to precache). */
export const registerOfflineWorker = (name: OfflinePageName) => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(`${base}${name}-sw.js`, { scope: `${base}${name}` }).catch(() => {
    /* no service worker (a private window, an old browser): the page works while it stays open */
  });
};
