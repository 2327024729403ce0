/**
 * config.json's `kindPaths`: where a site's backend mounts each kind's endpoints when not where the app expects
 * them (docs/deploying.md). Checked strictly (config.ts turns what it throws into a ConfigError), like the rest of the config: a path the app cannot use stops the
 * site on its error screen rather than sending applicants' data to a wrong address. No descriptors here: this
 * runs before the first paint.
 */
import { kindIds, type KindId } from "../api/kind-ids";
import { isOneOf } from "../api/one-of";
import type { KindRoute } from "../api/paths";

/** Path segments of letters, digits and `-_.~` (no `..`, no query, no encoded characters): what a URL keeps as is. */
const SEGMENTS = /^(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*$/;
const isSegments = (value: string) => SEGMENTS.test(value) && !value.split("/").includes("..");

/** "a/b" and "a/b/" both as "a/b/"; "" stays "" (a root of "/"). */
const withSlash = (path: string) => (path === "" || path.endsWith("/") ? path : `${path}/`);

const fields = ["root", "segment", "check"] as const;

const routeOf = (kind: string, value: unknown): KindRoute => {
  const at = `config.json: kindPaths.${kind}`;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${at} must be an object with root, segment and check`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !isOneOf(fields, key));
  if (unknown.length > 0) throw new Error(`${at}: unknown keys ${unknown.join(", ")} (root, segment, check)`);
  const { root, segment, check } = record;
  if (typeof root !== "string" || !root.startsWith("/") || !isSegments(withSlash(root.slice(1))))
    throw new Error(`${at}.root must be a path from the API root, like "/staff/api/v1/"`);
  if (typeof segment !== "string" || !isSegments(segment))
    throw new Error(`${at}.segment must be "" or path segments ending with "/", like "teacher/"`);
  if (typeof check !== "string" || check === "" || check.startsWith("/") || !isSegments(withSlash(check)))
    throw new Error(`${at}.check must be a path under the root, like "checkcard/teacher"`);
  return { root: root.replace(/\/+$/, ""), segment, check };
};

/** Each kind's route as config.json sets it; every kind named must be one the app knows, with its three parts. */
export const parseKindPaths = (value: unknown): Partial<Record<KindId, KindRoute>> => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("config.json: kindPaths must be an object keyed by kind (student, staff, teacher)");
  const routes: Partial<Record<KindId, KindRoute>> = {};
  for (const [kind, route] of Object.entries(value)) {
    if (!isOneOf(kindIds, kind))
      throw new Error(`config.json: kindPaths.${kind} is not a kind (${kindIds.join(", ")})`);
    routes[kind] = routeOf(kind, route);
  }
  return routes;
};
