import { Schema } from "effect";
import { request } from "../request";
import { isSignedQrKeys, isSignedRevocationList } from "../schemas/signed-qr";

/** The answers' shapes, declared from the one guard each (schemas/signed-qr.ts) that the check page also reads with. */
const SignedQrKeysAnswer = Schema.declare(isSignedQrKeys, { identifier: "SignedQrKeys" });
const SignedRevocationListAnswer = Schema.declare(isSignedRevocationList, { identifier: "SignedRevocationList" });

/**
 * Extension `signed-qr`: the keys a checker verifies signed QR codes with (public, as the check is). The one place
 * keys are fetched, for the check page (features/check/signed-check.ts) and /verify (machines/verifier.ts); a kind's
 * descriptor, or the check page's own path without the descriptors.
 */
export const getSignedQrKeys = (kind: { readonly paths: { readonly signedQrKeys: string } }) =>
  request(
    { operation: "signedQrKeys", method: "get", public: true, url: kind.paths.signedQrKeys, extension: "signed-qr" },
    SignedQrKeysAnswer,
  );

/** Extension `signed-qr`: the kind's signed revocation list, issued now. */
export const getSignedRevocationList = (kind: { readonly paths: { readonly signedQrRevocations: string } }) =>
  request(
    {
      operation: "signedRevocationList",
      method: "get",
      public: true,
      url: kind.paths.signedQrRevocations,
      extension: "signed-qr",
    },
    SignedRevocationListAnswer,
  );
