import { apiPathUrl, apiRootOf, setApiBaseUrl } from "../../api/base-url";
import { checkCardBody } from "../../api/check-call";
import { sendEarly } from "../../api/early-call";
import { kindPaths, type KindPaths } from "../../api/paths";
import { capabilityOn, type RuntimeConfig } from "../../app/config";
import { isKindId } from "../../kinds/ids";
import type { SignedCheck } from "../../machines/card-check-signed";
import { CHECK_PATH_ATTRIBUTE, checkPathParts, SIGNED_KEYS_PATH_ATTRIBUTE } from "./check-target";

/**
 * A live check page's call, sent by the entry script as soon as config.json is in, while the check screen's
 * scripts are still on their way (a QR scan at a gate waits on the network twice otherwise): the path comes from
 * the prerendered page, the call is the API layer's own (api/early-call.ts), which then takes its answer.
 */
export const sendEarlyCheck = (container: HTMLElement, config: RuntimeConfig): void => {
  const parts = checkPathParts(location.pathname);
  const path =
    sitePath(config, "checkCard") ??
    container.querySelector(`[${CHECK_PATH_ATTRIBUTE}]`)?.getAttribute(CHECK_PATH_ATTRIBUTE);
  if (config.mode !== "live" || !parts || !path) return;
  sendEarly("POST", apiPathUrl(apiRootOf(config.apiBaseUrl ?? "", location.href), path), checkCardBody(parts.token));
};

/**
 * This check page's path as config.json's `kindPaths` sets it for its kind (live mode), which the prerendered page,
 * built with the default paths, cannot know; undefined when the site keeps the default.
 */
const sitePath = (config: RuntimeConfig, key: "checkCard" | "signedQrKeys"): string | undefined => {
  const kind = checkPathParts(location.pathname)?.kind;
  const route = config.mode === "live" && kind && isKindId(kind) ? config.kindPaths?.[kind] : undefined;
  const paths: KindPaths | undefined = route && kindPaths(route);
  return paths?.[key];
};

/** The signed fragment's format prefix (src/signed/fragment.ts `FRAGMENT_PREFIX`), read here without that module. */
const SIGNED_FRAGMENT = "#s1.";

/**
 * A check page opened from a signed QR (extension `signed-qr` on, `#s1.` in the address): its signature is checked
 * from the moment config.json is in, beside the check call, by a chunk of its own (WebCrypto, no schema library); the
 * keys it lacks come through the API layer, whose base URL is set here already. Null at once without one.
 */
export const startSignedCheck = (container: HTMLElement, config: RuntimeConfig): Promise<SignedCheck | null> => {
  const path =
    sitePath(config, "signedQrKeys") ??
    container.querySelector(`[${SIGNED_KEYS_PATH_ATTRIBUTE}]`)?.getAttribute(SIGNED_KEYS_PATH_ATTRIBUTE);
  if (!capabilityOn(config, "signed-qr") || !path || !location.hash.startsWith(SIGNED_FRAGMENT))
    return Promise.resolve(null);
  setApiBaseUrl(config.apiBaseUrl ?? "");
  // The keys' call is made on every visit (kept keys are refreshed for the next one): its chunk is asked for beside
  // the checker's rather than once the checker has run.
  const keysCall = import("../../api/endpoints/signed-qr");
  return import("./signed-check")
    .then(({ verifyCheckFragment }) =>
      verifyCheckFragment(location.href, {
        keysPath: path,
        fetchKeys: () => keysCall.then(({ getSignedQrKeys }) => getSignedQrKeys({ paths: { signedQrKeys: path } })),
      }),
    )
    .catch((): SignedCheck => ({ status: "unavailable" }));
};
