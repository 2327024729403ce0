/**
 * The translation namespaces the landing page needs (the lightest page: only these load before it renders).
 * Dependency-free so vite.config.ts can read it to preload them from index.html.
 */
export const landingNamespaces = ["common", "nav", "errors", "home", "auth"] as const;
