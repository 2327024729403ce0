import type { Plugin } from "vite";
import { capabilitiesFromEnv } from "./capabilities-env.ts";
import { demoLatencyFromEnv } from "./demo-latency-env.ts";
import { DEMO_CONTACT, parseContact, type Contact } from "../../src/app/config-contact.ts";

/**
 * The build writes the site's config.json from the environment (docs/deploying.md):
 * CAMPUS_MODE=demo (the default, the trainers' build) or live, with CAMPUS_API_BASE_URL for live ("" = the
 * site's own origin). A build asked for live without saying where the API is fails rather than guess.
 * CAMPUS_CAPABILITIES (a comma list, docs/extensions.md) declares the backend's extensions; CAMPUS_PICKUP_OFFICE names
 * the office where cards are collected (`pickupOffice`), CAMPUS_DEMO_LATENCY the demo backend's delay (`demoLatency`),
 * CAMPUS_REPLACEMENT_FEE the standard replacement fee in FCFA (`replacementFee`; a demo build says 5000 unset).
 * CAMPUS_CONTACT_EMAIL, CAMPUS_CONTACT_PHONE and CAMPUS_CONTACT_ADDRESS (lines separated by `|`) write `contact`, the
 * card office's details; a demo build with none of them carries the demo university's, a live build only what is set.
 */
const DEMO_REPLACEMENT_FEE = 5000;

const replacementFeeFromEnv = (value: string | undefined, mode: "demo" | "live"): number | undefined => {
  if (value === undefined || value.trim() === "") return mode === "demo" ? DEMO_REPLACEMENT_FEE : undefined;
  const fee = Number(value);
  if (!Number.isSafeInteger(fee) || fee < 0) {
    throw new Error(`CAMPUS_REPLACEMENT_FEE must be a whole, non-negative amount in FCFA, not "${value}"`);
  }
  return fee;
};

export const contactFromEnv = (env: NodeJS.ProcessEnv, mode: "demo" | "live"): Contact | undefined => {
  const email = env.CAMPUS_CONTACT_EMAIL?.trim();
  const phone = env.CAMPUS_CONTACT_PHONE?.trim();
  const address = env.CAMPUS_CONTACT_ADDRESS?.split("|")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (!email && !phone && !address?.length) return mode === "demo" ? DEMO_CONTACT : undefined;
  try {
    return parseContact({
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(address?.length ? { address } : {}),
    });
  } catch (error) {
    throw new Error(`CAMPUS_CONTACT_*: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
};

export function runtimeConfigFile(): Plugin {
  return {
    name: "campus-runtime-config",
    apply: "build",
    generateBundle() {
      const mode = process.env.CAMPUS_MODE ?? "demo";
      if (mode !== "demo" && mode !== "live") throw new Error(`CAMPUS_MODE must be "demo" or "live", not "${mode}"`);
      const apiBaseUrl = process.env.CAMPUS_API_BASE_URL;
      if (mode === "live" && apiBaseUrl === undefined) {
        throw new Error(
          "CAMPUS_MODE=live needs CAMPUS_API_BASE_URL (the API's URL, or \"\" for the site's own origin)",
        );
      }
      const capabilities = capabilitiesFromEnv(process.env.CAMPUS_CAPABILITIES);
      const pickupOffice = process.env.CAMPUS_PICKUP_OFFICE?.trim();
      const demoLatency = mode === "demo" ? demoLatencyFromEnv(process.env.CAMPUS_DEMO_LATENCY) : undefined;
      const replacementFee = replacementFeeFromEnv(process.env.CAMPUS_REPLACEMENT_FEE, mode);
      const contact = contactFromEnv(process.env, mode);
      const config = {
        ...(mode === "live" ? { mode, apiBaseUrl } : { mode }),
        ...(capabilities === undefined ? {} : { capabilities }),
        ...(pickupOffice ? { pickupOffice } : {}),
        ...(demoLatency === undefined ? {} : { demoLatency }),
        ...(replacementFee === undefined ? {} : { replacementFee }),
        ...(contact === undefined ? {} : { contact }),
      };
      this.emitFile({ type: "asset", fileName: "config.json", source: `${JSON.stringify(config)}\n` });
    },
  };
}
