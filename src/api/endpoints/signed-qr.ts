import type { AnyKind } from "../../kinds";
import { request } from "../request";
import { SignedQrKeys, SignedRevocationList } from "../schemas/signed-qr";

/** Extension `signed-qr`: the keys a checker verifies signed QR codes with (public, as the check is). */
export const getSignedQrKeys = (kind: AnyKind) =>
  request(
    { operation: "signedQrKeys", method: "get", public: true, url: kind.paths.signedQrKeys, extension: "signed-qr" },
    SignedQrKeys,
  );

/** Extension `signed-qr`: the kind's signed revocation list, issued now. */
export const getSignedRevocationList = (kind: AnyKind) =>
  request(
    {
      operation: "signedRevocationList",
      method: "get",
      public: true,
      url: kind.paths.signedQrRevocations,
      extension: "signed-qr",
    },
    SignedRevocationList,
  );
