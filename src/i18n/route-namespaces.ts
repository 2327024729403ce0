import { kindIds } from "../api/kind-ids";
import { isOneOf } from "../api/one-of";
import { landingNamespaces } from "./landing-namespaces";
import { NAMESPACES, type Namespace } from "./namespaces";

export { landingNamespaces };

/** The public check page, opened by a QR scan on a phone: its layout's namespaces and its own. */
export const checkNamespaces = ["common", "nav", "errors", "auth", "check"] as const satisfies readonly Namespace[];

/** The offline checker (/verify), opened on a guard's phone: its layout's namespaces and its own. */
export const verifyNamespaces = ["common", "nav", "errors", "auth", "verify"] as const satisfies readonly Namespace[];

/**
 * A wizard and its result page (/registration/<kind>…), opened cold on a phone: the public layout's namespaces, the
 * wizard's words, its checks' messages, the result's office contact ("home") and the page's kind (all kinds when the
 * address names none). Each namespace is a request and its parsing on the phone's main thread.
 */
const registrationNamespaces = (segment: string | undefined): readonly Namespace[] => [
  "common",
  "nav",
  "errors",
  "auth",
  "home",
  "registration",
  "validation",
  ...kindIds.filter((kind) => segment === undefined || !isOneOf(kindIds, segment) || kind === segment),
];

/**
 * Which translation namespaces a page needs before it renders. The pages opened cold on a phone (the landing, the
 * check page, the checker, the wizards) load only their own; every other page loads all 18 (small files, fetched in
 * parallel once).
 */
export const namespacesFor = (pathname: string): readonly Namespace[] =>
  pathname === "/" || pathname === "/home" || pathname === "/home/"
    ? landingNamespaces
    : pathname.startsWith("/check/")
      ? checkNamespaces
      : pathname === "/verify" || pathname === "/verify/"
        ? verifyNamespaces
        : pathname.startsWith("/registration/") && pathname !== "/registration/"
          ? registrationNamespaces(pathname.split("/")[2])
          : NAMESPACES;
