import { createFileRoute } from "@tanstack/react-router";
import { useUser } from "../../../../session";
import { CardListScreen } from "../../../../features/cards/CardListScreen";
import { kindOfParam } from "../../../../features/lists/kind-param";
import { cardQueryOf, cardSearchOf, validateCardSearch } from "../../../../features/lists/list-query";

export const Route = createFileRoute("/dashboard/$kind/card/")({
  validateSearch: validateCardSearch,
  component: CardListPage,
});

function CardListPage() {
  const { kind } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const username = useUser()?.username ?? "";
  return (
    <CardListScreen
      key={`${kind}/${search.printed ?? "all"}/${search.state ?? "all"}/${search.issued ?? "any"}/${search.from ?? ""}/${search.to ?? ""}`}
      kind={kindOfParam(kind)}
      query={cardQueryOf(search)}
      username={username}
      onQueryChange={(query, options) =>
        void navigate({ search: cardSearchOf(query), replace: options?.replace ?? false })
      }
    />
  );
}
