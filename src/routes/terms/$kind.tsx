import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../../features/terms/TermsPage";
import { kindRouteParams } from "../../app/kind-route-params";

export const Route = createFileRoute("/terms/$kind")({
  params: kindRouteParams,
  component: function TermsRoute() {
    const { kind } = Route.useParams();
    return <TermsPage kind={kind} />;
  },
});
