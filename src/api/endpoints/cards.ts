import type { AnyKind } from "../../kinds";
import { request, requestFile } from "../request";
import { requestPage } from "../rows";
import { PrintCount } from "../schemas";
import { checkCardBody } from "../check-call";
import { listCall, type ListPosition } from "./list-call";

export interface CardQuery extends ListPosition {
  readonly search?: string;
  /** Faculty (students, teachers) or service (staff) id, per the kind's cardFilter. */
  readonly filter?: number | null;
  /** The lifecycle extension's state filter (docs/extensions.md); only sent when the capability is on. */
  readonly state?: string | null;
  /** Extension `date-filter` (docs/extensions.md): issued on or after / on or before this day (YYYY-MM-DD, Douala). */
  readonly issuedAfter?: string;
  readonly issuedBefore?: string;
}

const filterParams = (kind: AnyKind, filter: number | null | undefined) =>
  filter === null || filter === undefined ? {} : { [kind.cardFilter]: String(filter) };

export const listCards = <K extends AnyKind>(kind: K, query: CardQuery = {}) =>
  requestPage(
    {
      ...listCall("listCards", kind.paths.cards, query, {
        search: query.search,
        ...filterParams(kind, query.filter),
        state: query.state ?? undefined,
        issued_after: query.issuedAfter,
        issued_before: query.issuedBefore,
      }),
      ...(query.issuedAfter || query.issuedBefore
        ? { extension: "date-filter" as const }
        : query.state
          ? { extension: "lifecycle" as const }
          : {}),
    },
    kind.schemas.card,
  );

export const getCard = <K extends AnyKind>(kind: K, id: string) =>
  request({ operation: "getCard", method: "get", url: kind.paths.card(id) }, kind.schemas.card);

export const getCardPdf = (kind: AnyKind, id: string) =>
  requestFile({ operation: "getCardPdf", method: "get", url: kind.paths.cardPdf(id) });

export const notifyPrint = (kind: AnyKind, id: string) =>
  request({ operation: "notifyPrint", method: "post", url: kind.paths.notifyPrint(id) }, PrintCount);

/** A kind's CSV export (docs/spec.md §7) with its filter and, with the `lifecycle` extension, the list's state. */
export const exportCards = (kind: AnyKind, filter?: number | null, state?: string | null) =>
  requestFile({
    operation: "exportCards",
    method: "get",
    url: kind.paths.exportCards,
    searchParams: { ...filterParams(kind, filter), ...(state ? { state } : {}) },
    ...(state ? { extension: "lifecycle" as const } : {}),
  });

/**
 * Public check by the card's token (docs/spec.md §7: {tokenCard}); the token travels in the body, never the URL, and
 * URL-encoded (docs/spec.md §5), as the QR link carries it: the route hands over the decoded token.
 */
export const checkCard = <K extends AnyKind>(kind: K, tokenCard: string) =>
  request(
    {
      operation: "checkCard",
      method: "post",
      public: true,
      url: kind.paths.checkCard,
      body: { json: checkCardBody(tokenCard) },
    },
    kind.schemas.check,
  );
