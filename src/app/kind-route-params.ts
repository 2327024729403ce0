import { notFound } from "@tanstack/react-router";
import { isKindId } from "../kinds/ids";

/** The `$kind` segment of the public routes: one of the kinds, anything else not found. */
export const kindRouteParams = {
  parse: ({ kind }: { kind: string }) => {
    if (!isKindId(kind)) throw notFound();
    return { kind };
  },
  stringify: ({ kind }: { kind: string }) => ({ kind }),
};
