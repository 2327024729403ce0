import type { AnyKind } from "../../kinds";
import { toCardPdfInput } from "../card-input";
import { file, json, notFound, type DemoRequest, type RouteContext, type RouteDef } from "../http";
import type { CardRecord } from "../models";
import { paginate, searchMatches, searchTextOf } from "../paging";
import { signedCheckUrlOf } from "../signed-qr";
import { UNIVERSITY } from "../reference-data";
import { cardJson } from "../serialize";
import { idPattern } from "./pattern";
import { issuedAt, recordPrint, stateFilter, stateOf } from "../lifecycle";
import { dayStamp } from "../dates";
import { dayWindow } from "../received";

/** Card endpoints of one kind (docs/spec.md §7): list with search and the kind's filter, detail, PDF, print notice. */

/** The filter value of `?faculty=` or `?service=` (per the kind's cardFilter), null when absent or blank. */
export const cardFilterValue = (kind: AnyKind, req: DemoRequest): number | null => {
  const raw = req.url.searchParams.get(kind.cardFilter);
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isInteger(n) ? n : null;
};

/** Cards of a kind passing the filter of the request (and its search, when `withSearch`). */
export const filteredCards = (
  ctx: RouteContext,
  kind: AnyKind,
  req: DemoRequest,
  withSearch: boolean,
): CardRecord[] => {
  const filter = cardFilterValue(kind, req);
  const search = withSearch ? req.url.searchParams.get("search") : null;
  // The lifecycle extension's `?state=` (docs/extensions.md).
  const state = stateFilter(req.url.searchParams.get("state"));
  // The date-filter extension's issue days (docs/extensions.md): the day the card was made, Douala time.
  const issued = dayWindow(req, "issued_after", "issued_before");
  return ctx.db.cards(kind.id).filter((c) => {
    const fields = ctx.db.demandOfCard(c).fields;
    return (
      (filter === null || fields[kind.cardFilter] === filter) &&
      searchMatches(search, searchTextOf(fields, c.code)) &&
      (state === null || (stateOf(ctx.db, kind, c) ?? "inactive") === state) &&
      (issued === null || issued(dayStamp(Date.parse(issuedAt(c)))))
    );
  });
};

const findCard = (ctx: RouteContext, kind: AnyKind, req: DemoRequest): CardRecord =>
  ctx.db.card(kind.id, req.params.id ?? "") ?? notFound();

export const cardRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "get",
    path: kind.paths.cards,
    auth: true,
    handle: (req, ctx) =>
      json(
        paginate(req, ctx.origin, filteredCards(ctx, kind, req, true), ctx.pageSize, (c) => cardJson(ctx.db, kind, c)),
      ),
  },
  {
    method: "get",
    path: idPattern(kind.paths.card),
    auth: true,
    handle: (req, ctx) => json(cardJson(ctx.db, kind, findCard(ctx, kind, req))),
  },
  {
    method: "get",
    path: idPattern(kind.paths.cardPdf),
    auth: true,
    handle: async (req, ctx) => {
      const card = findCard(ctx, kind, req);
      // pdf-lib and fontkit load with the first PDF, not with the demo backend.
      const { renderCardPdf } = await import("../card-pdf/render");
      const input = toCardPdfInput(ctx.db, kind, card, ctx.siteOrigin);
      // Extension `signed-qr`: the QR carries the signed claims in its fragment, at error correction M so that it
      // stays at version 13 or below (docs/signed-qr.md).
      const bytes = await renderCardPdf(
        { ...input, checkUrl: await signedCheckUrlOf(ctx.db, kind, card, input.checkUrl) },
        { universityName: UNIVERSITY, qrErrorCorrection: "M" },
      );
      return file(bytes, "application/pdf", `${card.code}.pdf`, "inline");
    },
  },
  {
    method: "post",
    path: idPattern(kind.paths.notifyPrint),
    auth: true,
    handle: (req, ctx) => {
      const card = findCard(ctx, kind, req);
      ctx.db.updateCard(card, { print_count: card.print_count + 1 });
      recordPrint(ctx.db, card, ctx.user);
      return json({ print_count: card.print_count });
    },
  },
];
