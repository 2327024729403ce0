import type { Capability } from "./capabilities";

/**
 * Every failed call becomes one ApiError value (docs/spec.md §7): which operation, which endpoint, the status and the
 * parsed content. `kind` is what machines branch on; messages.ts maps (operation, kind) to text once.
 */
export type ApiErrorKind =
  | "unauthorized" // 401 on a protected call: the session ends
  | "notValid" // login refused (401 with detail)
  | "exist" // duplicate register or agent (400)
  | "photo" // 400 on the photo field: not an acceptable picture
  | "badRequest" // other 400s: the server rejected the input
  | "forbidden" // 403: signed in, but the agent lacks the permission
  | "notFound" // 404
  | "server" // 500 and other 5xx
  | "badGateway" // 502
  | "throttled" // 429: too many requests (e.g. repeated failed sign-ins); wait, then try again
  | "decode" // 2xx whose body is not what the schema expects
  | "network" // no answer: offline, DNS, CORS, timeout
  | "http" // any other status
  | "extensionMissing"; // 404/405 on a declared extension's call: the server does not offer it (docs/extensions.md)

export class ApiError extends Error {
  readonly _tag = "ApiError" as const;
  constructor(
    readonly kind: ApiErrorKind,
    readonly operation: string,
    readonly endpoint: string,
    readonly status: number | null,
    readonly content: unknown,
    /** The extension the call belongs to (docs/extensions.md); absent for docs/spec.md's own calls. */
    readonly extension?: Capability,
  ) {
    super(`${operation} ${endpoint}: ${kind}${status === null ? "" : ` (${status})`}`);
    this.name = "ApiError";
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/**
 * A DRF 400's field problems (`{ "field": ["message", …] }`): the first text of each field, as the server wrote
 * it. `detail` and `non_field_errors` are not fields. Empty for anything else.
 */
export const fieldProblemsOf = (content: unknown): Record<string, string> => {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(content)) {
    const text: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof text === "string" && field !== "detail" && field !== "non_field_errors") out[field] = text;
  }
  return out;
};

/** The field problems of a failed call answered 400; empty for any other error. */
export const fieldProblems = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.status === 400 ? fieldProblemsOf(error.content) : {};

/** Operations whose 400 answers mean "already exists" (docs/spec.md §5, §8). */
const existOn400: Record<string, (content: unknown) => boolean> = {
  submitDemand: (content) => typeof content === "object" && content !== null && "register" in content,
  // docs/spec.md §8's "Agent already exists": a bare 400, or one about the username being taken; a 400 naming other
  // fields (a password the server finds too common, an e-mail it refuses) is about those fields.
  createAgent: (content) => {
    const problems = Object.entries(fieldProblemsOf(content));
    return problems.every(([field, text]) => field === "username" && /exist|taken|unique/i.test(text));
  },
};

/**
 * Classifies a non-2xx answer; the login rules of docs/spec.md §8 live here and nowhere else. An extension's call
 * answered 404/405 means the backend has no such route: the deployment declared a capability it does not offer.
 */
export const classify = (operation: string, status: number, content: unknown, extension?: Capability): ApiErrorKind => {
  if (extension !== undefined && (status === 404 || status === 405)) return "extensionMissing";
  if (status === 429) return "throttled";
  if (operation === "login") {
    if (status === 401 && typeof content === "object" && content !== null && "detail" in content) return "notValid";
    if (status === 502) return "badGateway";
    if (status >= 500) return "server";
    return "http";
  }
  if (status === 401) return "unauthorized";
  if (status === 400) {
    if (existOn400[operation]?.(content)) return "exist";
    if (typeof content === "object" && content !== null && "photo" in content) return "photo";
    return "badRequest";
  }
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 502) return "badGateway";
  if (status >= 500) return "server";
  return "http";
};
