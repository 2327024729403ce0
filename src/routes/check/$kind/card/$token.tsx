import { createFileRoute, notFound } from "@tanstack/react-router";
import type { KindId } from "../../../../api/kind-ids";
import { CardCheckPage } from "../../../../features/check/CardCheckPage";
import { isKindId } from "../../../../kinds/ids";

/**
 * Public card check reached through the QR code: /check/<kind>/card/<token>. The router hands the token decoded
 * exactly once (CardCheckPage.test verifies it), which is what the check call sends as {tokenCard}.
 */
export const Route = createFileRoute("/check/$kind/card/$token")({
  beforeLoad: ({ params }) => {
    if (!isKindId(params.kind)) throw notFound();
  },
  component: function CardCheckRoute() {
    const { kind, token } = Route.useParams();
    // A new kind or token is a new check: remount so the machine starts again.
    return <CardCheckPage key={`${kind}/${token}`} kind={kind as KindId} token={token} />;
  },
});
