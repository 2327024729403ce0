import { authenticate } from "./auth";
import type { DemoDb } from "./db";
import { HttpFailure, json, type DemoRequest, type DemoResponse, type Method, type RouteDef } from "./http";
import type { UserRecord } from "./models";

/** What the routes run against: the database and the list settings. */
export interface Backend {
  db: DemoDb;
  readonly pageSize: number;
  readonly routes: readonly RouteDef[];
  /** The public site's origin for the QR codes' check URLs; unset, the request's origin (the browser's demo). */
  siteOrigin?: string;
}

/** Runs one route: bearer check first (401 before 404, as the real API), then the handler; failures become JSON. */
export const runRoute = async (backend: Backend, route: RouteDef, req: DemoRequest): Promise<DemoResponse> => {
  // The kinds the route reads are made first if they were not yet (the browser's demo opens them on first use).
  await backend.db.open(route.needs ?? []);
  try {
    let user: UserRecord | null = null;
    let token: string | null = null;
    if (route.auth) ({ user, token } = authenticate(backend.db, req.headers));
    return await route.handle(req, {
      db: backend.db,
      pageSize: backend.pageSize,
      user,
      token,
      origin: req.url.origin,
      siteOrigin: backend.siteOrigin ?? req.url.origin,
    });
  } catch (error) {
    if (error instanceof HttpFailure) {
      const answer = json(error.body, error.status);
      return { ...answer, headers: { ...answer.headers, ...error.headers } };
    }
    console.error("Demo server error", error);
    return json({ detail: "A server error occurred." }, 500);
  }
};

const patternCache = new Map<string, RegExp>();
const patternOf = (path: string): RegExp => {
  let re = patternCache.get(path);
  if (!re) {
    const body = path
      .replace(/\/$/, "")
      .split("/")
      .map((part) =>
        part.startsWith(":") ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    re = new RegExp(`^${body}/?$`);
    patternCache.set(path, re);
  }
  return re;
};

/** A path segment decoded; invalid percent-encoding (`%zz`) is the client's error, a 400 like Django's. */
const decodePart = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpFailure(400, { detail: "Malformed request path." });
  }
};

/** Finds the route for a method and path without Mirage (static paths win over ":id" ones). */
export const matchRoute = (
  routes: readonly RouteDef[],
  method: string,
  pathname: string,
): { route: RouteDef; params: Record<string, string> } | null => {
  const verb = method.toLowerCase() as Method;
  const candidates = routes.filter((r) => r.method === verb);
  const ordered = [
    ...candidates.filter((r) => !r.path.includes(":")),
    ...candidates.filter((r) => r.path.includes(":")),
  ];
  for (const route of ordered) {
    const match = patternOf(route.path).exec(pathname);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodePart(v)]));
      return { route, params };
    }
  }
  return null;
};

/** Answers a request without Mirage (e.g. behind a node:http server for contract tests); 404 when no route. */
export const dispatch = async (backend: Backend, req: Omit<DemoRequest, "params">): Promise<DemoResponse> => {
  let found: ReturnType<typeof matchRoute>;
  try {
    found = matchRoute(backend.routes, req.method, req.url.pathname);
  } catch (error) {
    if (error instanceof HttpFailure) return json(error.body, error.status);
    throw error;
  }
  return found ? runRoute(backend, found.route, { ...req, params: found.params }) : json({ detail: "Not found." }, 404);
};

/** The prefixes of the routes' paths, up to their "/api/" (what the page hands over to the backend). */
export const backendPrefixes = (routes: readonly RouteDef[]): string[] => [
  ...new Set(routes.map((r) => r.path.slice(0, r.path.indexOf("/api/") + 5))),
];
