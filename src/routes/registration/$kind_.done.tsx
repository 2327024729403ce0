import { createFileRoute } from "@tanstack/react-router";
import { kindRouteParams } from "../../app/kind-route-params";
import { parseReceiptCode } from "../../features/registration/receipt";
import { ResultRoutePage } from "../../features/registration/ResultRoutePage";

/** The result of a request just sent, at its own address so a reload keeps it: /registration/student/done?code=… */
export const Route = createFileRoute("/registration/$kind_/done")({
  params: kindRouteParams,
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    const code = parseReceiptCode(search.code);
    return code === undefined ? {} : { code };
  },
  component: ResultRoute,
});

function ResultRoute() {
  const { kind } = Route.useParams();
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ResultRoutePage
      kind={kind}
      code={code ?? null}
      onNewRequest={() => void navigate({ to: "/registration/$kind", params: { kind } })}
    />
  );
}
