import { createFileRoute } from "@tanstack/react-router";
import { kindRouteParams } from "../../../app/kind-route-params";

/** /dashboard/student|staff|teacher/…: any other kind is not found (docs/spec.md §2). */
export const Route = createFileRoute("/dashboard/$kind")({
  params: kindRouteParams,
});
