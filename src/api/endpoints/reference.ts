import { Schema } from "effect";
import { readRows } from "../rows";
import { paths } from "../paths";
import { request } from "../request";
import { referenceRowSchemas, type ReferenceName, type ReferenceRow } from "../schemas";

/** An answer's rows, each decoded on its own below: one bad row must not cost the whole list. */
const Rows = Schema.Array(Schema.Unknown);

/**
 * A reference list, tolerant of its rows: a row without an id, or with a null label, is left out and reported
 * once in the console, so one bad row never empties a select or blocks the wizard. An answer that is not a
 * list at all is still a decode error.
 */
export const getReferenceList = async <N extends ReferenceName>(name: N): Promise<ReadonlyArray<ReferenceRow[N]>> => {
  const rows = await request(
    {
      operation: "getReference",
      method: "get",
      public: true,
      url: paths.reference(name),
      searchParams: { no_pagination: "true" },
    },
    Rows,
  );
  return readRows(`getReference ${name}`, referenceRowSchemas[name], rows).rows;
};
