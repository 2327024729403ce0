/**
 * What makes /verify an installable app that opens with no network (docs/signed-qr.md): its web app manifest and
 * theme colour in the page's head while it is shown, and its service worker (built by build/plugins/verify-sw.ts),
 * whose scope is /verify only, so the rest of the site never goes through it.
 */
const base = import.meta.env.BASE_URL;

export const VERIFY_SW_URL = `${base}verify-sw.js`;
export const VERIFY_SCOPE = `${base}verify`;

const headLink = (rel: string, href: string): HTMLLinkElement => {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  document.head.append(link);
  return link;
};

/** Adds the manifest to the page; returns what removes it again. */
export const announceVerifyApp = (): (() => void) => {
  const manifest = headLink("manifest", `${base}verify.webmanifest`);
  const icon = headLink("apple-touch-icon", `${base}images/verify-192.png`);
  return () => {
    manifest.remove();
    icon.remove();
  };
};

/** Registers the checker's service worker (production builds: the development server has no build to precache). */
export const registerVerifyWorker = () => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(VERIFY_SW_URL, { scope: VERIFY_SCOPE }).catch(() => {
    /* no service worker (a private window, an old browser): the checker works while the page stays open */
  });
};
