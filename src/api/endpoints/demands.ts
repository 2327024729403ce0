import { Option, Schema } from "effect";
import type { AnyKind } from "../../kinds";
import { formOf, request } from "../request";
import { Paged, Submitted, Validated } from "../schemas";

/** Values a demand form sends: server field names to strings, numbers or the photo file. */
export type DemandForm = Readonly<Record<string, string | number | Blob | null | undefined>>;

export type DemandFilter = "validated" | "no_validated" | "all";
export const validatedParam = (filter: DemandFilter): string | undefined =>
  filter === "all" ? undefined : filter === "validated" ? "true" : "false";

export interface DemandQuery {
  readonly search?: string;
  readonly filter?: DemandFilter;
  /** A next/previous link of an earlier page; when present it is followed as-is. */
  readonly link?: string | null;
  /** Page number (1-based) when no link is known, e.g. restored from the URL; sent only when > 1. */
  readonly page?: number;
}

export const submitDemand = <K extends AnyKind>(kind: K, form: DemandForm) =>
  request({ operation: "submitDemand", method: "post", public: true, url: kind.paths.submit, body: { form: formOf(form) } }, Submitted);

export const listDemands = <K extends AnyKind>(kind: K, query: DemandQuery = {}) =>
  request(
    query.link
      ? { operation: "listDemands", method: "get", url: query.link }
      : {
          operation: "listDemands",
          method: "get",
          url: kind.paths.demands,
          searchParams: {
            search: query.search,
            validated: validatedParam(query.filter ?? "no_validated"),
            // Page 1 is the server's default: the parameter travels only for later pages.
            page: query.page !== undefined && query.page > 1 ? String(query.page) : undefined,
          },
        },
    Paged(kind.schemas.demand),
  ) as Promise<Schema.Schema.Type<ReturnType<typeof Paged<K["schemas"]["demand"]>>>>;

export const getDemand = <K extends AnyKind>(kind: K, id: string) =>
  request({ operation: "getDemand", method: "get", url: kind.paths.demand(id) }, kind.schemas.demand) as Promise<
    Schema.Schema.Type<K["schemas"]["demand"]>
  >;

/**
 * Spec §7 does not show a validation's answer: any 2xx is a success (204, `{}`, the demand, …). What the client
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
