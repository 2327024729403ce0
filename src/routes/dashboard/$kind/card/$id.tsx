import { createFileRoute } from "@tanstack/react-router";
import { CardDetailScreen } from "../../../../features/cards/CardDetailScreen";
import { kindOfParam } from "../../../../features/lists/kind-param";

export const Route = createFileRoute("/dashboard/$kind/card/$id")({ component: CardDetailPage });

function CardDetailPage() {
  const { kind, id } = Route.useParams();
  return <CardDetailScreen key={`${kind}/${id}`} kind={kindOfParam(kind)} id={id} />;
}
