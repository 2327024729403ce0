import type { KindId } from "../api/kind-ids";
import type { UserRecord } from "./models";
import type { DemoDb } from "./db";

/** A request as every route handler sees it, whatever carried it (Mirage in the browser, or a plain handler). */
export interface DemoRequest {
  readonly method: string;
  readonly url: URL;
  /** Path parameters (":id"). */
  readonly params: Readonly<Record<string, string>>;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: RequestBody;
  /** The client's network address when a server carried the request (sign-in throttling counts per address). */
  readonly client?: string;
}

export interface UploadedFile {
  readonly bytes: Uint8Array;
  readonly type: string;
  readonly name: string;
}

export type RequestBody =
  | { readonly type: "none" }
  | { readonly type: "json"; readonly value: unknown }
  | { readonly type: "text"; readonly value: string }
  | {
      readonly type: "form";
      readonly fields: Readonly<Record<string, string>>;
      readonly files: Readonly<Record<string, UploadedFile>>;
    };

/** JSON bodies are plain values; files are bytes with their content type in `headers`. */
export interface DemoResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface RouteContext {
  readonly db: DemoDb;
  readonly pageSize: number;
  /** The signed-in user on protected routes (null on public ones). */
  readonly user: UserRecord | null;
  readonly token: string | null;
  /** Origin of the request, for the API's absolute links (paging). */
  readonly origin: string;
  /** Origin of the site the QR codes' check URLs open: the address phones reach (Backend.siteOrigin), else `origin`. */
  readonly siteOrigin: string;
}

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface RouteDef {
  readonly method: Method;
  /** Path pattern with ":id" parameters. */
  readonly path: string;
  /** Whether a valid bearer token is required (docs/spec.md §6). */
  readonly auth: boolean;
  /** The kinds whose records the handler reads (made on first use: see open.ts). None by default. */
  readonly needs?: readonly KindId[];
  readonly handle: (req: DemoRequest, ctx: RouteContext) => DemoResponse | Promise<DemoResponse>;
}

const JSON_TYPE = "application/json";

export const json = (body: unknown, status = 200): DemoResponse => ({
  status,
  headers: { "Content-Type": JSON_TYPE },
  body,
});

export const noContent = (): DemoResponse => ({ status: 204, headers: {}, body: "" });

export const file = (
  bytes: Uint8Array,
  contentType: string,
  fileName: string,
  disposition: "attachment" | "inline" = "attachment",
): DemoResponse => ({
  status: 200,
  headers: {
    "Content-Type": contentType,
    "Content-Disposition": `${disposition}; filename="${fileName}"`,
    "Content-Length": String(bytes.length),
  },
  body: bytes,
});

/** A refusal the router turns into a JSON answer; thrown from handlers to keep them linear. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Readonly<Record<string, unknown>>,
    /** Headers of the answer beside Content-Type (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}

export const notFound = (detail = "Not found."): never => {
  throw new HttpFailure(404, { detail });
};
export const badRequest = (body: Readonly<Record<string, unknown>>): never => {
  throw new HttpFailure(400, body);
};
export const forbidden = (): never => {
  throw new HttpFailure(403, { detail: "You do not have permission to perform this action." });
};

export const REQUIRED = "This field is required.";
/** Django REST's words for a text over its field's length. */
export const maxLength = (max: number): string => `Ensure this field has no more than ${max} characters.`;

/** Fields of a JSON or multipart body as strings (numbers stringified); other bodies give none. */
export const bodyFields = (req: DemoRequest): Record<string, string> => {
  if (req.body.type === "form") return { ...req.body.fields };
  if (req.body.type === "json" && typeof req.body.value === "object" && req.body.value !== null) {
    return Object.fromEntries(
      Object.entries(req.body.value).flatMap(([k, v]) =>
        typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? [[k, String(v)]] : [],
      ),
    );
  }
  return {};
};

/** The required string fields of a body, or a 400 naming every missing one (Django REST style). */
export const requireFields = <K extends string>(req: DemoRequest, names: readonly K[]): Record<K, string> => {
  const fields = bodyFields(req);
  const missing = names.filter((n) => (fields[n] ?? "").trim() === "");
  if (missing.length > 0) badRequest(Object.fromEntries(missing.map((n) => [n, [REQUIRED]])));
  return fields as Record<K, string>;
};

/** A 429 as DRF's throttling answers it. */
export const throttled = (wait: number) => ({
  status: 429,
  headers: { "Content-Type": "application/json", "Retry-After": String(wait) },
  body: { detail: `Request was throttled. Expected available in ${wait} seconds.` },
});

/** The same 429, thrown from a helper deep in a handler. */
export const throttle = (wait: number): never => {
  const answer = throttled(wait);
  throw new HttpFailure(answer.status, answer.body, { "Retry-After": answer.headers["Retry-After"] });
};
