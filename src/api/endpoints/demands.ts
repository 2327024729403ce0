import { Option, Schema } from "effect";
import type { AnyKind } from "../../kinds";
import { formOf, request } from "../request";
import { requestPage } from "../rows";
import { Submitted, Validated } from "../schemas";
import { listCall, type ListPosition } from "./list-call";

/** Values a demand form sends: server field names to strings, numbers or the photo file. */
export type DemandForm = Readonly<Record<string, string | number | Blob | null | undefined>>;

/**
 * The spec's statuses, and with the `reject` extension the demands rejected or waiting for the applicant's correction
 * (sent as `validated=false&rejection=…`, docs/extensions.md).
 */
export type DemandFilter = "validated" | "no_validated" | "all" | "rejected" | "correction";
export const validatedParam = (filter: DemandFilter): string | undefined =>
  filter === "all" ? undefined : filter === "validated" ? "true" : "false";

export interface DemandQuery extends ListPosition {
  readonly search?: string;
  readonly filter?: DemandFilter;
  /** Extension `date-filter` (docs/extensions.md): received on or after / on or before this day (YYYY-MM-DD, Douala). */
  readonly receivedAfter?: string;
  readonly receivedBefore?: string;
  /** Extension `date-filter`: oldest first (the spec's list is newest first). */
  readonly oldestFirst?: boolean;
  /**
   * Extension `reject`: "none" keeps the demands waiting for a decision (never rejected, nor sent back). The
   * "rejected" and "correction" filters send their own.
   */
  readonly rejection?: "none";
}

/** The `reject` extension's `rejection` parameter of a list query, absent when the query uses none. */
const rejectionParam = (query: DemandQuery): string | undefined =>
  query.filter === "rejected" || query.filter === "correction" ? query.filter : query.rejection;

/** The `date-filter` extension's query parameters (docs/extensions.md), absent when the query uses none. */
export const receivedParams = (query: DemandQuery): Readonly<Record<string, string | undefined>> => ({
  received_after: query.receivedAfter,
  received_before: query.receivedBefore,
  ordering: query.oldestFirst ? "insert_at" : undefined,
});

const usesDateFilter = (query: DemandQuery): boolean =>
  Object.values(receivedParams(query)).some((v) => v !== undefined);

export const submitDemand = <K extends AnyKind>(kind: K, form: DemandForm) =>
  request(
    { operation: "submitDemand", method: "post", public: true, url: kind.paths.submit, body: { form: formOf(form) } },
    Submitted,
  );

export const listDemands = <K extends AnyKind>(kind: K, query: DemandQuery = {}) => {
  const call = listCall("listDemands", kind.paths.demands, query, {
    search: query.search,
    validated: validatedParam(query.filter ?? "no_validated"),
    ...receivedParams(query),
    rejection: rejectionParam(query),
  });
  // A first page refused 404/405 with the extension's parameters: the server does not offer it. A later page's 404
  // is DRF's "Invalid page." (the list shrank), which the list machine handles.
  const firstPage = !query.link && (query.page ?? 1) <= 1;
  const extension = !firstPage
    ? null
    : rejectionParam(query) !== undefined
      ? ("reject" as const)
      : usesDateFilter(query)
        ? ("date-filter" as const)
        : null;
  return requestPage(extension ? { ...call, extension } : call, kind.schemas.demand);
};

export const getDemand = <K extends AnyKind>(kind: K, id: string) =>
  request<K["schemas"]["demand"]>(
    { operation: "getDemand", method: "get", url: kind.paths.demand(id) },
    kind.schemas.demand,
  );

/**
 * docs/spec.md §7 does not show a validation's answer: any 2xx is a success (204, `{}`, the demand, …). What the client
 * can use of it (`{ id, validated, card }`) when it is there, else null; the caller reads the demand again.
 */
const validationAnswer = async (call: Parameters<typeof request>[0]): Promise<Validated | null> =>
  Option.getOrNull(Schema.decodeUnknownOption(Validated)(await request(call, Schema.Unknown)));

/** Full validation resubmits the edited fields (multipart); kind defaults fill fields that must always travel. */
export const validateDemand = <K extends AnyKind>(kind: K, id: string, form: DemandForm) =>
  validationAnswer({
    operation: "validateDemand",
    method: "post",
    url: kind.paths.validate(id),
    body: { form: formOf({ ...kind.validationDefaults, ...withoutEmpty(form) }) },
  });

export const validateDemandSimple = <K extends AnyKind>(kind: K, id: string) =>
  validationAnswer({ operation: "validateDemand", method: "post", url: kind.paths.validateSimple(id) });

const withoutEmpty = (form: DemandForm) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined && v !== null));
