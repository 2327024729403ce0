import { createFileRoute } from "@tanstack/react-router";
import { kindOfParam } from "../../../../features/lists/kind-param";
import { DemandListScreen } from "../../../../features/demands/DemandListScreen";
import { demandQueryOf, demandSearchOf, validateDemandSearch } from "../../../../features/lists/list-query";

export const Route = createFileRoute("/dashboard/$kind/demand/")({
  validateSearch: validateDemandSearch,
  component: DemandListPage,
});

function DemandListPage() {
  const { kind } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DemandListScreen
      key={kind}
      kind={kindOfParam(kind)}
      query={demandQueryOf(search)}
      onQueryChange={(query, options) =>
        void navigate({ search: demandSearchOf(query), replace: options?.replace ?? false })
      }
    />
  );
}
