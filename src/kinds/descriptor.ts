import type { Schema } from "effect";
import type { KindPaths, KindRoute } from "../api/paths";
import type { RefFieldList } from "../api/schemas";
import type { KindId } from "../api/kind-ids";
import type { KindForm } from "../forms/fields";

/**
 * What makes student, staff and teacher different: paths, schemas, the reference list that filters cards,
 * and the code prefix. Generic machines, screens and demo routes take one of these.
 */
export interface KindDescriptor<
  Demand extends Schema.Top = Schema.Top,
  Card extends Schema.Top = Schema.Top,
  Check extends Schema.Top = Schema.Top,
> {
  readonly id: KindId;
  /** Prefix of card codes in the sample data (docs/spec.md §9). */
  readonly codePrefix: string;
  /** Prefix of demand codes in the demo backend. */
  readonly demandPrefix: string;
  /** Where its endpoints live unless config.json's `kindPaths` says otherwise (docs/deploying.md). */
  readonly defaultRoute: KindRoute;
  /** Its endpoints as this site calls them: the route config.json sets (live mode), else `defaultRoute`. */
  readonly paths: KindPaths;
  readonly schemas: { readonly demand: Demand; readonly card: Card; readonly check: Check };
  /** Field of the card the list filters on, and the reference list its options come from. */
  readonly cardFilter: "faculty" | "service";
  /** Server name of the school field ("scholl" for students, sic). */
  readonly schoolField: "scholl" | "school";
  /** Reference-typed fields of the demand, resolved to labels for display. */
  readonly refFields: Readonly<Record<string, RefFieldList>>;
  /** Fields always sent on full validation, with the value used when missing (docs/spec.md §5: student niveau). */
  readonly validationDefaults: Readonly<Record<string, string>>;
  /**
   * Whether full validation needs a photo: "required" for students (docs/spec.md §4, §5); "optional" where the spec
   * shows none (staff and teachers may still send one, docs/assumptions.md).
   */
  readonly photoToValidate: "required" | "optional";
  /** Stats key holding this kind's pending count (a field of the Stats schema, docs/spec.md §3). */
  readonly statsKey: `${KindId}_demands`;
  /** Registration wizard steps and back-office sections, built from the shared field specs (src/forms). */
  readonly form: KindForm;
}
