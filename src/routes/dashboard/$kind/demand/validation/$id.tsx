import { createFileRoute } from "@tanstack/react-router";
import { kindOfParam } from "../../../../../features/lists/kind-param";
import { DemandValidationScreen } from "../../../../../features/demands/DemandValidationScreen";
import { validateDemandSearch } from "../../../../../features/lists/list-query";

/** A demand's validation; its search is the search of the list the agent came from (kept for the way back). */
export const Route = createFileRoute("/dashboard/$kind/demand/validation/$id")({
  validateSearch: validateDemandSearch,
  component: DemandValidationPage,
});

function DemandValidationPage() {
  const { kind, id } = Route.useParams();
  const listSearch = Route.useSearch();
  return <DemandValidationScreen key={`${kind}/${id}`} kind={kindOfParam(kind)} id={id} listSearch={listSearch} />;
}
