/**
 * The security headers and caching rules of every campus-card answer, defined once. deploy/nginx/
 * campus-card-headers.conf is this module's `nginxHeadersConf()` word for word (tests/unit/security-headers.test.ts
 * checks it), and `npm run demo` (static and classroom) sends `securityHeaders()` and `cacheControlFor()`, so the
 * demo behaves as production does.
 */

/** The nginx variable that holds the API's origin (set in campus-card.conf). */
const NGINX_API_ORIGIN = "$campus_api_origin";

/** The Content-Security-Policy: connect-src narrowed to this origin and the API's (empty: the API is on this origin). */
const contentSecurityPolicy = (apiOrigin: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ""}`,
    "frame-src 'self' blob: data:",
    "object-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/** Name, value, and why (the nginx file's comment), in the order nginx sends them. */
const headerList = (apiOrigin: string): ReadonlyArray<readonly [string, string, string?]> => [
  [
    "Content-Security-Policy",
    contentSecurityPolicy(apiOrigin),
    "The Content-Security-Policy is a header, not only the pages' <meta> tag: a <meta> policy cannot forbid\n# framing (frame-ancestors), and connect-src is narrowed here to this origin and the API's ($campus_api_origin).",
  ],
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  [
    "Referrer-Policy",
    "same-origin",
    "Check-page URLs carry a card's token: never sent to another origin as a referrer.",
  ],
  ["Permissions-Policy", "camera=(self), microphone=(), geolocation=()"],
];

/** The headers every answer carries; `apiOrigin` is config.json's API origin ("" when the API is on this origin). */
export const securityHeaders = (apiOrigin = ""): Record<string, string> =>
  Object.fromEntries(headerList(apiOrigin).map(([name, value]) => [name, value]));

export const CACHE_CONTROL = {
  /** Hashed build files never change: cached for a year. */
  immutable: "public, max-age=31536000, immutable",
  /** Everything else (pages, config.json) is revalidated on every visit. */
  revalidate: "no-cache",
} as const;

export const cacheControlFor = (pathname: string): string =>
  pathname.startsWith("/assets/") ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;

/** deploy/nginx/campus-card-headers.conf, generated. */
export const nginxHeadersConf = (): string =>
  [
    "# Security headers of every campus-card answer (included by each location of campus-card.conf: nginx drops a",
    "# server's add_header in any location that has its own). Generated from scripts/lib/security-headers.ts, which",
    "# `npm run demo` sends too: change them there (a unit test compares this file with it).",
    "#",
    ...headerList(NGINX_API_ORIGIN).flatMap(([name, value, why]) => [
      ...(why ? [`# ${why}`] : []),
      `add_header ${name} "${value}" always;`,
    ]),
    "",
  ].join("\n");
