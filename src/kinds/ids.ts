import { kindIds, type KindId } from "../api/kind-ids";
import { isOneOf } from "../api/one-of";

/**
 * Whether a URL segment names a kind. Kept apart from the descriptors (which carry schemas and forms) because
 * route guards and parsers run in the first-load bundle.
 */
export const isKindId = (value: string): value is KindId => isOneOf(kindIds, value);

/**
 * Steps of each kind's wizard as its step indicator counts them (the data steps, then the review), for pages
 * that must not load the descriptors (portal, landing). A test holds it to the descriptors.
 */
export const wizardStepCount: Readonly<Record<KindId, number>> = { student: 5, staff: 4, teacher: 4 };
