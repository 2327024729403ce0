import { createFileRoute, notFound } from "@tanstack/react-router";
import type { KindId } from "../../api/kind-ids";
import { TermsPage } from "../../features/terms/TermsPage";
import { isKindId } from "../../kinds/ids";

export const Route = createFileRoute("/terms/$kind")({
  beforeLoad: ({ params }) => {
    if (!isKindId(params.kind)) throw notFound();
  },
  component: function TermsRoute() {
    const { kind } = Route.useParams();
    return <TermsPage kind={kind as KindId} />;
  },
});
