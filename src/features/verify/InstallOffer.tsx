import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { installOfferMachine } from "../../machines/install-offer";
import { useProvidedMachine } from "../../machines/implementations";
import { NativeButton } from "../../ui/NativeButton";

/** The translation keys of an install offer: the sentence where none is offered, the button, why, and the outcome. */
export interface InstallWords {
  readonly sentence: string;
  readonly button: string;
  readonly why: string;
  readonly installed: string;
}

const checkerWords: InstallWords = {
  sentence: "verify:install",
  button: "verify:installButton",
  why: "verify:installWhy",
  installed: "verify:installed",
};

/**
 * An Install button where the browser offers to install the page (src/machines/install-offer.ts), else the sentence.
 * The checker's words unless a page gives its own (the digital card's); `onInstall` runs when the button is pressed.
 */
export function InstallOffer({
  words = checkerWords,
  onInstall,
}: {
  readonly words?: InstallWords;
  readonly onInstall?: () => void;
}) {
  const { t } = useTranslation();
  const actor = useActorRef(useProvidedMachine(installOfferMachine));
  const offered = useSelector(actor, (s) => s.matches("offered"));
  const installed = useSelector(actor, (s) => s.matches("installed"));
  if (installed) return <p className="text-sm text-fg-muted">{t(words.installed)}</p>;
  if (!offered) return <p className="text-sm text-fg-muted">{t(words.sentence)}</p>;
  const install = () => {
    onInstall?.();
    actor.send({ type: "INSTALL" });
  };
  return (
    <div className="flex flex-col gap-2">
      <NativeButton variant="secondary" className="self-start" onClick={install}>
        {t(words.button)}
      </NativeButton>
      <p className="text-sm text-fg-muted">{t(words.why)}</p>
    </div>
  );
}
