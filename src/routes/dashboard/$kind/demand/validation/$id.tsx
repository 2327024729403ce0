import { createFileRoute } from "@tanstack/react-router";
import { kindOfParam } from "../../../../../features/demands/kind-param";
import { DemandValidationScreen } from "../../../../../features/demands/DemandValidationScreen";

export const Route = createFileRoute("/dashboard/$kind/demand/validation/$id")({ component: DemandValidationPage });

function DemandValidationPage() {
  const { kind, id } = Route.useParams();
  return <DemandValidationScreen key={`${kind}/${id}`} kind={kindOfParam(kind)} id={id} />;
}
