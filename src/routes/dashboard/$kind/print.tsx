import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { useUser } from "../../../session";
import { kindOfParam } from "../../../features/lists/kind-param";
import { PrintBatchScreen } from "../../../features/print/PrintBatchScreen";
import { readStoredBatch } from "../../../print/batch";
import { readPrintSettings } from "../../../print/settings";

/** The print batch of a kind: its cards on A4 sheets, then the printed ones reported (notify_print). */
export const Route = createFileRoute("/dashboard/$kind/print")({ component: PrintBatchPage });

function PrintBatchPage() {
  const { kind } = Route.useParams();
  const username = useUser()?.username ?? "";
  const [batch] = useState(() => ({
    stored: readStoredBatch(username, kindOfParam(kind).id),
    settings: readPrintSettings(),
  }));
  return (
    <PrintBatchScreen
      key={`${kind}/${username}`}
      kind={kindOfParam(kind)}
      username={username}
      cards={batch.stored.cards}
      storedCount={batch.stored.stored}
      settings={batch.settings}
    />
  );
}
