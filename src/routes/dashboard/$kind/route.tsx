import { createFileRoute, notFound } from "@tanstack/react-router";
import { isKindId } from "../../../kinds/ids";

/** /dashboard/student|staff|teacher/…: any other kind is not found (docs/spec.md §2). */
export const Route = createFileRoute("/dashboard/$kind")({
  beforeLoad: ({ params }) => {
    if (!isKindId(params.kind)) throw notFound();
  },
});
