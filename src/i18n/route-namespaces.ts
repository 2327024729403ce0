import { landingNamespaces } from "./landing-namespaces";
import { NAMESPACES, type Namespace } from "./namespaces";

export { landingNamespaces };

/** The public check page, opened by a QR scan on a phone: its layout's namespaces and its own. */
export const checkNamespaces = ["common", "nav", "errors", "auth", "check"] as const satisfies readonly Namespace[];

/** The offline checker (/verify), opened on a guard's phone: its layout's namespaces and its own. */
export const verifyNamespaces = ["common", "nav", "errors", "auth", "verify"] as const satisfies readonly Namespace[];

/**
 * Which translation namespaces a page needs before it renders. The landing and check pages are the ones opened
 * cold on a phone, so they load only their own; every other page loads all 18 (small files, fetched in parallel
 * once).
 */
export const namespacesFor = (pathname: string): readonly Namespace[] =>
  pathname === "/" || pathname === "/home" || pathname === "/home/"
    ? landingNamespaces
    : pathname.startsWith("/check/")
      ? checkNamespaces
      : pathname === "/verify" || pathname === "/verify/"
        ? verifyNamespaces
        : NAMESPACES;
