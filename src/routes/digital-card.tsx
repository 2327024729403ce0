import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../app/runtime-context";
import { DigitalCardPage } from "../features/digital/DigitalCardPage";
import { PublicLayout } from "../features/layout/PublicLayout";
import { parseReceiptCode } from "../features/registration/receipt";
import { NotFoundPage } from "../features/shell/NotFoundPage";
import { trackKindParam } from "../features/track/track-search";
import type { KindId } from "../api/kind-ids";

/**
 * Extension `digital-card` (docs/extensions.md): /digital-card?kind=student&code=DMSTUD000090, linked from the
 * tracking page once the card exists.
 */
export const Route = createFileRoute("/digital-card")({
  validateSearch: (search: Record<string, unknown>): { kind?: KindId; code?: string } => {
    const kind = trackKindParam(search.kind);
    const code = parseReceiptCode(search.code);
    return { ...(kind === undefined ? {} : { kind }), ...(code === undefined ? {} : { code }) };
  },
  component: DigitalCardRoute,
});

function DigitalCardRoute() {
  const { kind, code } = Route.useSearch();
  // Without the capability the site is exactly the specification's: no such page.
  if (!useCapability("digital-card")) {
    return (
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    );
  }
  return <DigitalCardPage kind={kind} code={code} />;
}
