import { createFileRoute } from "@tanstack/react-router";
import { CardCheckPage } from "../../../../features/check/CardCheckPage";
import { kindRouteParams } from "../../../../app/kind-route-params";

/**
 * Public card check reached through the QR code: /check/<kind>/card/<token>. The router hands the token decoded
 * exactly once (CardCheckPage.test verifies it), which is what the check call sends as {tokenCard}.
 */
export const Route = createFileRoute("/check/$kind/card/$token")({
  params: {
    parse: ({ kind, token }) => ({ ...kindRouteParams.parse({ kind }), token }),
    stringify: ({ kind, token }) => ({ kind, token }),
  },
  component: function CardCheckRoute() {
    const { kind, token } = Route.useParams();
    // A new kind or token is a new check: remount so the machine starts again.
    return <CardCheckPage key={`${kind}/${token}`} kind={kind} token={token} />;
  },
});
