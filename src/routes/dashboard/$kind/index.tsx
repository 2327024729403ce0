import { createFileRoute, notFound } from "@tanstack/react-router";

/** /dashboard/<kind> alone is not a screen of docs/spec.md §2. */
export const Route = createFileRoute("/dashboard/$kind/")({
  beforeLoad: () => {
    throw notFound();
  },
});
