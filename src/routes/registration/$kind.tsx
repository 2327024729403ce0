import { createFileRoute, notFound } from "@tanstack/react-router";
import { RegistrationWizard } from "../../features/registration/RegistrationWizard";
import { isKindId } from "../../kinds/ids";

/** The registration wizard of one kind: /registration/student, /staff, /teacher; anything else is not found. */
export const Route = createFileRoute("/registration/$kind")({
  params: {
    parse: ({ kind }) => {
      if (!isKindId(kind)) throw notFound();
      return { kind };
    },
    stringify: ({ kind }) => ({ kind }),
  },
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { kind } = Route.useParams();
  return <RegistrationWizard kind={kind} />;
}
