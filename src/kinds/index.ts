import type { KindId } from "../api/kind-ids";
import { staff } from "./staff";
import { student } from "./student";
import { teacher } from "./teacher";

export const kinds = { student, staff, teacher } as const;
export type Kinds = typeof kinds;
export type AnyKind = Kinds[KindId];
export { isKindId } from "./ids";
export { student, staff, teacher };
