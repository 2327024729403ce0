import { paths } from "../../api/paths";
import { referenceNames } from "../../api/schemas";
import { json, type RouteDef } from "../http";
import { paginate } from "../paging";
import { referenceData } from "../reference-data";

/** The 13 institution lists (public): a plain array with no_pagination=true, a page otherwise. */
export const referenceRoutes: RouteDef[] = referenceNames.map((name) => ({
  method: "get",
  path: paths.reference(name),
  auth: false,
  handle: (req, ctx) => {
    const list: readonly unknown[] = referenceData[name];
    return req.url.searchParams.get("no_pagination") === "true"
      ? json(list)
      : json(paginate(req, ctx.origin, list, ctx.pageSize, (item) => item));
  },
}));
