import { notFound } from "@tanstack/react-router";
import { isKindId, kinds, type AnyKind } from "../../kinds";

/** The descriptor of a `$kind` route parameter; the `$kind` route's beforeLoad already sent others to not found. */
export const kindOfParam = (param: string): AnyKind => {
  if (!isKindId(param)) throw notFound();
  return kinds[param];
};
