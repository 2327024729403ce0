import { landingNamespaces } from "./landing-namespaces";
import { NAMESPACES, type Namespace } from "./namespaces";

export { landingNamespaces };

/**
 * Which translation namespaces a page needs before it renders. The landing page is the lightest page of the
 * app, so it loads only its own; every other page loads all 17 (small files, fetched in parallel once).
 */
export const namespacesFor = (pathname: string): readonly Namespace[] =>
  pathname === "/" || pathname === "/home" || pathname === "/home/" ? landingNamespaces : NAMESPACES;
