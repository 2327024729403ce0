import { useMachine } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { announceOfflinePage, registerOfflineWorker } from "../../browser/offline-page";
import { digitalCardMachine } from "../../machines/digital-card";
import { useProvidedMachine } from "../../machines/implementations";
import { PublicLayout } from "../layout/PublicLayout";
import { DigitalCardLookupForm } from "./DigitalCardLookupForm";
import { DigitalCardView } from "./DigitalCardView";

/**
 * The holder's digital card (extension `digital-card`, docs/extensions.md): /card?kind=student&code=DMSTUD000090,
 * linked from the tracking page once the card exists. The code alone shows nothing: the registration number and the
 * birth date are typed, never carried in the address.
 */
export function DigitalCardPage({
  kind,
  code,
}: {
  readonly kind: KindId | undefined;
  readonly code: string | undefined;
}) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(useProvidedMachine(digitalCardMachine), {
    input: { kind: kind ?? "student", ...(code === undefined ? {} : { code }) },
  });
  const { context } = snapshot;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = snapshot.matches("showing") ? context.card : null;
  useEffect(() => announceOfflinePage("digital-card", "images/card-192.png"), []);
  // Kept on the phone: the page opens with no network from then on (installing it keeps it too).
  useEffect(() => {
    if (context.kept) registerOfflineWorker("digital-card");
  }, [context.kept]);
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown !== null]); // oxlint-disable-line react-hooks/exhaustive-deps -- focus once when the card appears

  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-6 sm:py-10">
        {snapshot.matches("restoring") ? (
          <p role="status">{t("registration:digital.opening")}</p>
        ) : shown ? (
          <DigitalCardView
            kind={context.lookup.kind}
            card={shown}
            kept={context.kept}
            stale={context.stale}
            refreshing={snapshot.matches({ showing: "refreshing" })}
            headingRef={heading}
            onKeep={() => send({ type: "KEEP" })}
            onForget={() => send({ type: "FORGET" })}
            onClose={() => send({ type: "CLOSE" })}
          />
        ) : (
          <DigitalCardLookupForm
            lookup={context.lookup}
            fieldErrors={context.fieldErrors}
            errorKey={context.errorKey}
            busy={snapshot.matches("fetching")}
            onKind={(next) => send({ type: "SET_KIND", kind: next })}
            onChange={(field, value) => send({ type: "CHANGE", field, value })}
            onSubmit={() => send({ type: "SUBMIT" })}
          />
        )}
      </div>
    </PublicLayout>
  );
}
