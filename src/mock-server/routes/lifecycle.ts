import type { AnyKind } from "../../kinds";
import { activityItemsPath, agentActivityPath, lifecyclePaths } from "../../api/endpoints/lifecycle";
import { activityItems, activityRange, agentActivity } from "../activity";
import { forbidden, json, notFound, type DemoRequest, type RouteContext, type RouteDef } from "../http";
import { eventsOf, reactivate, renew, renewMany, replace, suspend } from "../lifecycle";
import type { CardRecord } from "../models";
import { cardJson } from "../serialize";
import { idPattern } from "./pattern";

/** The `lifecycle` extension's calls of one kind (docs/extensions.md), for a signed-in agent or administrator. */

const findCard = (ctx: RouteContext, kind: AnyKind, req: DemoRequest): CardRecord =>
  ctx.db.card(kind.id, req.params.id ?? "") ?? notFound();

const bodyOf = (req: DemoRequest): unknown => (req.body.type === "json" ? req.body.value : {});

/** Suspending and reactivating change the card itself, answered as it now reads. */
const changeInPlace = (
  kind: AnyKind,
  path: (id: string) => string,
  change: typeof suspend | typeof reactivate,
): RouteDef => ({
  method: "post",
  path: idPattern(path),
  auth: true,
  handle: (req, ctx) => {
    const card = findCard(ctx, kind, req);
    change(ctx.db, kind, card, ctx.user, bodyOf(req));
    return json(cardJson(ctx.db, kind, card));
  },
});

export const lifecycleRoutes = (kind: AnyKind): RouteDef[] => {
  const paths = lifecyclePaths(kind);
  return [
    changeInPlace(kind, paths.suspend, suspend),
    changeInPlace(kind, paths.reactivate, reactivate),
    {
      method: "post",
      path: idPattern(paths.replace),
      auth: true,
      handle: (req, ctx) =>
        json(cardJson(ctx.db, kind, replace(ctx.db, kind, findCard(ctx, kind, req), ctx.user, bodyOf(req))), 201),
    },
    {
      method: "post",
      path: idPattern(paths.renew),
      auth: true,
      handle: (req, ctx) => {
        const demand = renew(ctx.db, kind, findCard(ctx, kind, req), ctx.user);
        return json({ id: demand.id, code: demand.code }, 201);
      },
    },
    {
      method: "get",
      path: idPattern(paths.events),
      auth: true,
      handle: (req, ctx) => json(eventsOf(ctx.db, findCard(ctx, kind, req))),
    },
    {
      method: "post",
      path: paths.renewMany,
      auth: true,
      handle: (req, ctx) => json(renewMany(ctx.db, kind, ctx.user, bodyOf(req))),
    },
  ];
};

/** The agents' activity, every kind together: administrators only (403 for an agent, as the agent list). */
export const activityRoutes: RouteDef[] = [
  {
    method: "get",
    path: agentActivityPath,
    auth: true,
    handle: (req, ctx) => {
      if (ctx.user?.group !== "Admin") forbidden();
      return json(agentActivity(ctx.db, activityRange(req.url.searchParams)));
    },
  },
  {
    method: "get",
    path: activityItemsPath,
    auth: true,
    handle: (req, ctx) => {
      if (ctx.user?.group !== "Admin") forbidden();
      return json(activityItems(ctx.db, req.url.searchParams));
    },
  },
];
