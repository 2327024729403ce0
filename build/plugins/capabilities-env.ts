import { isCapability, type Capability } from "../../src/api/capabilities.ts";

/**
 * CAMPUS_CAPABILITIES: the backend extensions a deployment's backend offers (docs/extensions.md), a comma list
 * ("date-filter,reject"). Unset: none declared. An unknown name fails the build: a typo would otherwise hide a
 * feature the backend offers.
 */
export const capabilitiesFromEnv = (raw: string | undefined): readonly Capability[] | undefined => {
  if (raw === undefined) return undefined;
  const names = raw
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !isCapability(name));
  if (unknown.length > 0)
    throw new Error(`CAMPUS_CAPABILITIES: unknown capabilities ${unknown.join(", ")} (see docs/extensions.md)`);
  return [...new Set(names.filter(isCapability))];
};
