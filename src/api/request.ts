import { HTTPError, TimeoutError } from "ky";
import { Result, type Schema } from "effect";
import type { Capability } from "./capabilities";
import { ApiError, classify } from "./errors";
import { apiClient, resolveApiUrl, runtime } from "./runtime";
import { decodeReporting, warnDropped } from "./schemas/lenient";

/** A file answered by the server: exports and PDFs (docs/spec.md §7: non-JSON bodies are files). */
export interface FileBody {
  readonly blob: Blob;
  readonly fileName: string | null;
  readonly contentType: string;
}

class FileAnswer implements FileBody {
  constructor(
    readonly blob: Blob,
    readonly fileName: string | null,
    readonly contentType: string,
  ) {}
}

type Body = { readonly json: unknown } | { readonly form: FormData } | undefined;

export interface Call {
  readonly operation: string;
  readonly method: "get" | "post" | "put" | "patch" | "delete";
  /** A path of paths.ts, or an absolute next/previous link from a paged answer. */
  readonly url: string;
  /** For a link: the list's own path, on which a link of another scheme or host is followed (runtime.ts). */
  readonly ownPath?: string;
  readonly searchParams?: Record<string, string | undefined>;
  readonly body?: Body;
  /** Public calls (docs/spec.md §6) never carry the token: a stale one must not turn a public page into a 401. */
  readonly public?: boolean;
  /** Another token than the session's (signing out a token obtained on the side). */
  readonly token?: string;
  /** The backend extension this call belongs to (docs/extensions.md): a 404/405 then means it is not offered. */
  readonly extension?: Capability;
}

const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
};

const isJson = (response: Response) => /[/+]json\b/i.test(response.headers.get("content-type") ?? "");

/** Reads a body as JSON when the content type says so, otherwise as a file. */
const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return null;
  if (isJson(response)) {
    const text = await response.text();
    if (text.trim() === "") return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return new FileAnswer(
    await response.blob(),
    fileNameOf(response.headers.get("content-disposition")),
    response.headers.get("content-type") ?? "application/octet-stream",
  );
};

const clean = (params: Record<string, string | undefined> | undefined) =>
  params
    ? Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""))
    : undefined;

/** Sends one call; answers the status and parsed body of a 2xx or rejects with an ApiError. */
const send = async (call: Call): Promise<{ status: number; content: unknown }> => {
  const endpoint = call.url;
  const target = resolveApiUrl(call.url, call.ownPath);
  // A link answered by the API that cannot be followed there (not http(s)) is not an answer we accept.
  if (target === null)
    throw new ApiError("decode", call.operation, endpoint, null, {
      reason: "link the API cannot be asked on",
      link: call.url,
    });
  const token = call.public ? null : (call.token ?? runtime.getToken());
  let response: Response;
  try {
    response = await apiClient()(target, {
      method: call.method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      searchParams: clean(call.searchParams),
      ...(call.body && "json" in call.body ? { json: call.body.json } : {}),
      ...(call.body && "form" in call.body ? { body: call.body.form } : {}),
    });
  } catch (error) {
    if (error instanceof HTTPError) {
      const kind = classify(call.operation, error.response.status, error.data, call.extension);
      throw new ApiError(kind, call.operation, endpoint, error.response.status, error.data ?? null, call.extension);
    }
    const reason = error instanceof TimeoutError ? "timeout" : error instanceof Error ? error.message : String(error);
    throw new ApiError("network", call.operation, endpoint, null, reason);
  }
  let content: unknown;
  try {
    content = await readBody(response);
  } catch (error) {
    throw new ApiError("network", call.operation, endpoint, response.status, String(error));
  }
  if (!response.ok) {
    const kind = classify(call.operation, response.status, content, call.extension);
    if (kind === "unauthorized") runtime.onUnauthorized();
    throw new ApiError(kind, call.operation, endpoint, response.status, content, call.extension);
  }
  return { status: response.status, content };
};

/**
 * Sends a call and decodes its JSON answer with `schema`; an answer of another shape is a "decode" error. Keys read
 * leniently (schemas/lenient.ts) that were left out are told once each in the console.
 */
export const request = async <S extends Schema.ConstraintDecoder<unknown>>(
  call: Call,
  schema: S,
): Promise<S["Type"]> => {
  const { status, content } = await send(call);
  const { result, dropped } = decodeReporting(schema, content);
  warnDropped(call.operation, dropped);
  if (Result.isFailure(result)) {
    throw new ApiError("decode", call.operation, call.url, status, { content, issue: String(result.failure) });
  }
  return result.success;
};

/** Sends a call whose answer is a file. */
export const requestFile = async (call: Call): Promise<FileBody> => {
  const { status, content } = await send(call);
  if (content instanceof FileAnswer) return content;
  throw new ApiError("decode", call.operation, call.url, status, content);
};

/** Sends a call whose answer carries nothing the client needs. */
export const requestVoid = async (call: Call): Promise<void> => {
  await send(call);
};

/** Multipart body from plain fields: undefined and null are left out (docs/spec.md §5: optional fields only when present). */
export const formOf = (fields: Record<string, string | number | boolean | Blob | null | undefined>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : `${key}.jpg`);
    else form.append(key, String(value));
  }
  return form;
};
