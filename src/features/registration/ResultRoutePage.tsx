import type { KindId } from "../../api/kind-ids";
import { PublicLayout } from "../layout/PublicLayout";
import { NotFoundPage } from "../shell/NotFoundPage";
import { readReceipt } from "./receipt";
import { ResultPage } from "./ResultPage";

/**
 * The result page at its own address: the code from the address, the rest from this tab's receipt if kept. The
 * generic page (no kind) shows the code alone.
 */
export function ResultRoutePage({
  kind,
  code,
  onNewRequest,
}: {
  readonly kind: KindId | null;
  readonly code: string | null;
  readonly onNewRequest: () => void;
}) {
  if (code === null) {
    return (
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    );
  }
  const receipt = kind === null ? null : readReceipt(kind, code);
  return (
    <PublicLayout termsKind={kind ?? undefined}>
      <ResultPage
        kind={kind}
        code={code}
        name={receipt?.name ?? null}
        sentAt={receipt?.sentAt ?? null}
        onNewRequest={onNewRequest}
      />
    </PublicLayout>
  );
}
