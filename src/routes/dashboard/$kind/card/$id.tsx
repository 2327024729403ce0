import { createFileRoute } from "@tanstack/react-router";
import { CardDetailScreen } from "../../../../features/cards/CardDetailScreen";
import { kindOfParam } from "../../../../features/lists/kind-param";
import { useUser } from "../../../../session";

export const Route = createFileRoute("/dashboard/$kind/card/$id")({ component: CardDetailPage });

function CardDetailPage() {
  const { kind, id } = Route.useParams();
  const username = useUser()?.username ?? "";
  return <CardDetailScreen key={`${kind}/${id}`} kind={kindOfParam(kind)} id={id} username={username} />;
}
