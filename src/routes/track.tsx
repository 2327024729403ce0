import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../app/runtime-context";
import { parseReceiptCode } from "../features/registration/receipt";
import { TrackByOffice } from "../features/track/TrackByOffice";
import { TrackPage } from "../features/track/TrackPage";
import { trackKindParam } from "../features/track/track-search";
import type { KindId } from "../api/kind-ids";

/**
 * Extension `track` (docs/extensions.md): /track?kind=student&code=DMSTUD000090, linked from the result page and the
 * receipt. The code alone shows nothing; the registration number is typed, never carried in the address.
 */
export const Route = createFileRoute("/track")({
  validateSearch: (search: Record<string, unknown>): { kind?: KindId; code?: string } => {
    const kind = trackKindParam(search.kind);
    const code = parseReceiptCode(search.code);
    return { ...(kind === undefined ? {} : { kind }), ...(code === undefined ? {} : { code }) };
  },
  component: TrackRoute,
});

function TrackRoute() {
  const { kind, code } = Route.useSearch();
  // Without the capability no call is made: the page says how to reach the office instead.
  if (!useCapability("track")) return <TrackByOffice />;
  return <TrackPage kind={kind} code={code} />;
}
