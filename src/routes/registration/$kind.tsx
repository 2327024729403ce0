import { createFileRoute } from "@tanstack/react-router";
import { kindRouteParams } from "../../app/kind-route-params";
import { useCallback } from "react";
import { RegistrationWizard } from "../../features/registration/RegistrationWizard";
import { parseStepParam } from "../../features/registration/step-param";

/** The registration wizard of one kind: /registration/student, /staff, /teacher; anything else is not found. */
export const Route = createFileRoute("/registration/$kind")({
  params: kindRouteParams,
  // Each step is a history entry (`?step=2`), so the browser's Back and Forward move between steps.
  validateSearch: (search: Record<string, unknown>): { step?: number } => {
    const step = parseStepParam(search.step);
    return step === undefined ? {} : { step };
  },
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { kind } = Route.useParams();
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  const navigateStep = useCallback(
    (next: number, replace: boolean) => void navigate({ search: next > 1 ? { step: next } : {}, replace }),
    [navigate],
  );
  const showResult = useCallback(
    (code: string) =>
      void navigate({ to: "/registration/$kind/done", params: { kind }, search: { code }, replace: true }),
    [navigate, kind],
  );
  return <RegistrationWizard kind={kind} urlStep={step} navigateStep={navigateStep} showResult={showResult} />;
}
