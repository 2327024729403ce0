/**
 * Every backend path (docs/spec.md §7): the shared ones here, each kind's built here by `kindPaths` from the root and
 * segments its descriptor (src/kinds) declares, or those config.json's `kindPaths` sets for the site (live mode,
 * docs/deploying.md). Teacher paths are not shown in the spec: the default is a guess, the staff pattern with
 * "teacher" in place of "staff"/"personnel" (docs/assumptions.md).
 */
import type { KindId } from "./kind-ids";

/**
 * Where a kind's endpoints live: `root` its API root (`/staff/api/v1`, no trailing slash), `segment` what follows
 * `demand/` and `card/` (`personnel/`, "" for students), `check` the check path under the root (`checkcard/personnel`).
 */
export interface KindRoute {
  readonly root: string;
  readonly segment: string;
  readonly check: string;
}

export interface KindPaths {
  readonly submit: string;
  readonly demands: string;
  readonly demand: (id: string) => string;
  readonly validate: (id: string) => string;
  readonly validateSimple: (id: string) => string;
  readonly cards: string;
  readonly card: (id: string) => string;
  readonly cardPdf: (id: string) => string;
  readonly notifyPrint: (id: string) => string;
  readonly exportCards: string;
  readonly checkCard: string;
  /** Extension `reject` (docs/extensions.md): reject a demand or ask for a correction, with a reason. */
  readonly reject: (id: string) => string;
  /** Extension `track` (docs/extensions.md): a request's state from its code and registration number (public). */
  readonly track: string;
  /** Extension `correction` (docs/extensions.md): the applicant corrects the fields an agent named (public). */
  readonly correct: string;
  /** Extension `correction`: the applicant reports a mistake in a sent request to the office (public). */
  readonly report: string;
  /** Extension `signed-qr` (docs/extensions.md): the issuer's public keys (JWKS) and its signed revocation list. */
  readonly signedQrKeys: string;
  readonly signedQrRevocations: string;
  /** Extension `digital-card` (docs/extensions.md): the holder's card for the phone, from code, register and birth date. */
  readonly digitalCard: string;
}

/** A kind's paths, built from its route. */
export const kindPaths = ({ root, segment, check: checkCard }: KindRoute): KindPaths => {
  const demands = `${root}/demand/${segment}`;
  const cards = `${root}/card/${segment}`;
  return {
    submit: `${demands}submit/`,
    demands,
    demand: (id) => `${demands}${encodeURIComponent(id)}/`,
    validate: (id) => `${demands}${encodeURIComponent(id)}/validation/`,
    validateSimple: (id) => `${demands}${encodeURIComponent(id)}/validation_simple/`,
    cards,
    card: (id) => `${cards}${encodeURIComponent(id)}/`,
    cardPdf: (id) => `${cards}${encodeURIComponent(id)}/pdf/`,
    notifyPrint: (id) => `${cards}${encodeURIComponent(id)}/notify_print/`,
    exportCards: `${cards}export/`,
    checkCard: `${root}/${checkCard}`,
    reject: (id) => `${demands}${encodeURIComponent(id)}/reject/`,
    track: `${demands}track/`,
    correct: `${demands}correct/`,
    report: `${demands}report/`,
    signedQrKeys: `${root}/signed-qr/keys/`,
    signedQrRevocations: `${root}/signed-qr/revocations/`,
    digitalCard: `${demands}digital-card/`,
  };
};

/** The routes the site set in config.json (live mode), per kind; a kind left out keeps its descriptor's default. */
let siteRoutes: Partial<Record<KindId, KindRoute>> = {};
const built = new Map<KindRoute, KindPaths>();

/** Boot sets the site's routes before any route runs (src/app/api-setup.ts). */
export const setKindRoutes = (routes: Partial<Record<KindId, KindRoute>>): void => {
  siteRoutes = routes;
};

/** A kind's paths as this site calls them: the route config.json sets, else `fallback` (its descriptor's default). */
export const sitePaths = (kind: KindId, fallback: KindRoute): KindPaths => {
  const route = siteRoutes[kind] ?? fallback;
  let paths = built.get(route);
  if (!paths) {
    paths = kindPaths(route);
    built.set(route, paths);
  }
  return paths;
};

export const paths = {
  token: "/api/token/",
  logout: "/api/token/logout/",
  profile: "/base/api/v1/appuser/profile/",
  appUser: (id: string | number) => `/base/api/v1/appuser/${encodeURIComponent(String(id))}/`,
  agents: "/base/api/v1/appuser/get_agent/",
  createAgent: "/base/api/v1/appuser/create_agent/",
  stats: "/base/api/v1/stats/",
  exportAll: "/base/api/v1/cards/export/",
  reference: (name: string) => `/institution/api/v1/${name}/`,
} as const;
