import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { installOfferMachine } from "../../machines/install-offer";
import { useProvidedMachine } from "../../machines/implementations";
import { NativeButton } from "../../ui/NativeButton";

/** An Install button where the browser offers to install the checker (src/machines/install-offer.ts), else the sentence. */
export function InstallOffer() {
  const { t } = useTranslation("verify");
  const actor = useActorRef(useProvidedMachine(installOfferMachine));
  const offered = useSelector(actor, (s) => s.matches("offered"));
  const installed = useSelector(actor, (s) => s.matches("installed"));
  if (installed) return <p className="text-sm text-fg-muted">{t("installed")}</p>;
  if (!offered) return <p className="text-sm text-fg-muted">{t("install")}</p>;
  return (
    <div className="flex flex-col gap-2">
      <NativeButton variant="secondary" className="self-start" onClick={() => actor.send({ type: "INSTALL" })}>
        {t("installButton")}
      </NativeButton>
      <p className="text-sm text-fg-muted">{t("installWhy")}</p>
    </div>
  );
}
