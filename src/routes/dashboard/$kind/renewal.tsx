import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../../../app/runtime-context";
import { BulkRenewalScreen } from "../../../features/cards/lifecycle/BulkRenewalScreen";
import { kindOfParam } from "../../../features/lists/kind-param";
import { NotFoundPage } from "../../../features/shell/NotFoundPage";

/** Renewal in bulk of a kind's expired cards: extension `lifecycle` only (docs/extensions.md); else not found. */
export const Route = createFileRoute("/dashboard/$kind/renewal")({ component: RenewalPage });

function RenewalPage() {
  const { kind } = Route.useParams();
  const lifecycleOn = useCapability("lifecycle");
  return lifecycleOn ? <BulkRenewalScreen key={kind} kind={kindOfParam(kind)} /> : <NotFoundPage />;
}
