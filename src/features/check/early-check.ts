import { apiPathUrl, apiRootOf } from "../../api/base-url";
import { checkCardBody } from "../../api/check-call";
import { sendEarly } from "../../api/early-call";
import type { RuntimeConfig } from "../../app/config";
import { CHECK_PATH_ATTRIBUTE, checkPathParts } from "./check-target";

/**
 * A live check page's call, sent by the entry script as soon as config.json is in, while the check screen's
 * scripts are still on their way (a QR scan at a gate waits on the network twice otherwise): the path comes from
 * the prerendered page, the call is the API layer's own (api/early-call.ts), which then takes its answer.
 */
export const sendEarlyCheck = (container: HTMLElement, config: RuntimeConfig): void => {
  const parts = checkPathParts(location.pathname);
  const path = container.querySelector(`[${CHECK_PATH_ATTRIBUTE}]`)?.getAttribute(CHECK_PATH_ATTRIBUTE);
  if (config.mode !== "live" || !parts || !path) return;
  sendEarly("POST", apiPathUrl(apiRootOf(config.apiBaseUrl ?? "", location.href), path), checkCardBody(parts.token));
};
