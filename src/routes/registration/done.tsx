import { createFileRoute } from "@tanstack/react-router";
import { parseReceiptCode } from "../../features/registration/receipt";
import { ResultRoutePage } from "../../features/registration/ResultRoutePage";

/**
 * The generic result page (docs/spec.md §2 "for student, staff, teacher or generic"): /registration/done?code=…,
 * for a demand whose kind the address does not name. New request leads to the portal.
 */
export const Route = createFileRoute("/registration/done")({
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    const code = parseReceiptCode(search.code);
    return code === undefined ? {} : { code };
  },
  component: GenericResultRoute,
});

function GenericResultRoute() {
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ResultRoutePage kind={null} code={code ?? null} onNewRequest={() => void navigate({ to: "/registration" })} />
  );
}
