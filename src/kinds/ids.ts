import { kindIds, type KindId } from "../api/kind-ids";

/**
 * Whether a URL segment names a kind. Kept apart from the descriptors (which carry schemas and forms) because
 * route guards and parsers run in the first-load bundle.
 */
export const isKindId = (value: string): value is KindId => (kindIds as readonly string[]).includes(value);
