import type { KindId } from "../../api/kind-ids";
import { isKindId } from "../../kinds/ids";

/**
 * The kind a /track link names, when it names one this app knows. Apart from the page: the route reads it in the
 * router's chunk, which must not pull in the page, its machine or the API layer.
 */
export const trackKindParam = (value: unknown): KindId | undefined =>
  typeof value === "string" && isKindId(value) ? value : undefined;
