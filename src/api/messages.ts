import type { Capability } from "./capabilities";
import type { ApiError, ApiErrorKind } from "./errors";

/**
 * The one place where an error becomes words (docs/spec.md §8): i18n keys of the "errors" namespace.
 * Operation-specific entries win; then kind-wide ones; then the operation's default; then the generic text.
 */
const byOperation: Record<string, Partial<Record<ApiErrorKind | "default", string>>> = {
  login: { notValid: "errors:notValid", badGateway: "errors:badGateway", default: "errors:generic" },
  submitDemand: { exist: "errors:registrationExist", default: "errors:registrationFailed" },
  listDemands: { default: "errors:demandLoadFailed" },
  getDemand: { notFound: "errors:demandNotFound", default: "errors:demandLoadError" },
  validateDemand: {
    badRequest: "errors:validationError",
    notFound: "errors:demandNotFound",
    default: "errors:validateFailed",
  },
  rejectDemand: {
    badRequest: "errors:rejectInvalid",
    notFound: "errors:demandNotFound",
    default: "errors:rejectFailed",
  },
  correctDemand: {
    notFound: "errors:trackNotFound",
    badRequest: "errors:correctionInvalid",
    default: "errors:correctionFailed",
  },
  reportMistake: {
    notFound: "errors:trackNotFound",
    badRequest: "errors:reportInvalid",
    default: "errors:reportFailed",
  },
  trackDemand: { notFound: "errors:trackNotFound", badRequest: "errors:trackNotFound", default: "errors:trackFailed" },
  digitalCard: {
    notFound: "errors:digitalCardNotFound",
    badRequest: "errors:digitalCardNotFound",
    default: "errors:digitalCardFailed",
  },
  listCards: { default: "errors:cardsLoadError" },
  getCard: { default: "errors:cardsLoadError" },
  getCardPdf: { default: "errors:pdfLoadError" },
  notifyPrint: { default: "errors:notifyFailed" },
  createAgent: { exist: "errors:agentExists" },
  updatePassword: { default: "errors:passwordFailed" },
};

const byKind: Partial<Record<ApiErrorKind, string>> = {
  unauthorized: "errors:unauthorized",
  forbidden: "errors:forbidden",
  server: "errors:server",
  badGateway: "errors:badGateway",
  network: "errors:network",
  decode: "errors:decode",
  photo: "errors:photo",
  throttled: "errors:throttled",
};

/** A declared extension the server does not offer: said plainly, naming config.json (docs/extensions.md). */
const extensionMissingKeys: Record<Capability, string> = {
  "date-filter": "errors:extensionMissing.dateFilter",
  reject: "errors:extensionMissing.reject",
  track: "errors:extensionMissing.track",
  lifecycle: "errors:extensionMissing.lifecycle",
  "signed-qr": "errors:extensionMissing.signedQr",
  "agent-admin": "errors:extensionMissing.agentAdmin",
  correction: "errors:extensionMissing.correction",
  "digital-card": "errors:extensionMissing.digitalCard",
};

/**
 * A server's 5xx that names why (the classroom server's full disk, docs/extensions.md): said in the reader's
 * language rather than as a generic server error.
 */
const serverCodeKeys: Readonly<Record<string, string>> = {
  not_saved: "errors:notSaved",
  disk_low: "errors:diskLow",
};
const serverCodeKey = (content: unknown): string | undefined => {
  const code = typeof content === "object" && content !== null && "code" in content ? content.code : undefined;
  return typeof code === "string" && Object.hasOwn(serverCodeKeys, code) ? serverCodeKeys[code] : undefined;
};

export const messageKey = (error: Pick<ApiError, "kind" | "operation" | "content" | "extension">): string => {
  if (error.kind === "extensionMissing" && error.extension !== undefined) return extensionMissingKeys[error.extension];
  const saving = error.kind === "server" ? serverCodeKey(error.content) : undefined;
  if (saving) return saving;
  const table = byOperation[error.operation] ?? {};
  const specific = table[error.kind];
  if (specific) return specific;
  if (error.kind === "network" && error.content === "timeout") return "errors:timeout";
  return byKind[error.kind] ?? table.default ?? "errors:generic";
};

/** Any thrown value as a message key: unknown throws (bugs) get the generic text, never a blank screen. */
export const messageKeyOf = (error: unknown): string => (hasApiErrorTag(error) ? messageKey(error) : "errors:generic");

/** An ApiError, told by its tag: this module takes the class's type only, never errors.ts itself. */
const hasApiErrorTag = (error: unknown): error is ApiError =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "ApiError";

/**
 * Messages a Django REST backend words itself that the app can say in the reader's language (keys of the
 * "validation" and "errors" namespaces); any other server text is shown as the server wrote it.
 */
const knownServerTexts: ReadonlyArray<readonly [RegExp, string]> = [
  [/^This field is required\.?$/i, "validation:required"],
  [/^This field may not be blank\.?$/i, "validation:required"],
  [/^Enter a valid email address\.?$/i, "validation:emailInvalid"],
  [/already exists/i, "errors:agentExists"],
  [/password is too short/i, "validation:passwordMin"],
];

/** The i18n key of a server's field message when it is a known one, else null (show the text as it is). */
export const serverTextKey = (text: string): string | null =>
  knownServerTexts.find(([pattern]) => pattern.test(text.trim()))?.[1] ?? null;

/** A server's field message as the app shows it: its i18n key when it is a known one, else the server's words. */
export const serverMessage = (text: string): string => serverTextKey(text) ?? text;

/** An i18n key ("namespace:key"), as opposed to a server's own text (shown as it is). */
export const isMessageKey = (text: string): boolean => /^[a-z]+:[A-Za-z0-9_.]+$/.test(text);
