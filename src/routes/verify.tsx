import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../app/runtime-context";
import { VerifyPage } from "../features/verify/VerifyPage";
import { VerifyUnavailable } from "../features/verify/VerifyUnavailable";

/**
 * Extension `signed-qr` (docs/signed-qr.md): the guards' offline checker. Without the capability the QR codes are
 * not signed and there is nothing to check offline: the page says so.
 */
export const Route = createFileRoute("/verify")({ component: VerifyRoute });

function VerifyRoute() {
  return useCapability("signed-qr") ? <VerifyPage /> : <VerifyUnavailable />;
}
