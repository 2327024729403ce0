import type { KindId } from "../api/kind-ids";
import type { KindDescriptor } from "./descriptor";
import { staff } from "./staff";
import { student } from "./student";
import { teacher } from "./teacher";

/** The registry: one descriptor per id of src/api/kind-ids.ts (whose order menus and lists follow), in that order. */
export const kinds = { student, staff, teacher } as const satisfies Record<KindId, KindDescriptor>;
export type Kinds = typeof kinds;
export type AnyKind = Kinds[KindId];
export { isKindId } from "./ids";
export { student, staff, teacher };
