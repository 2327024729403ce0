import { useActorRef, useSelector } from "@xstate/react";
import { memo, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { useTranslation } from "react-i18next";
import { useProvidedMachine } from "../../machines/implementations";
import { verifierMachine } from "../../machines/verifier";
import { textOfHash } from "../../machines/verifier-check";
import { NativeButton } from "../../ui/NativeButton";
import { NativeTextField } from "../../ui/NativeTextField";
import { soundOnFirstGesture, unlockSoundSoon } from "../../browser/sound-gesture";
import { announceOfflinePage, registerOfflineWorker } from "../../browser/offline-page";
import { InstallOffer } from "./InstallOffer";
import { TrustStatus } from "./TrustStatus";
import { InsecureNotice } from "./InsecureNotice";
import { VerdictPanel } from "./VerdictPanel";

type VerifierActor = ActorRefFrom<typeof verifierMachine>;
interface PartProps {
  readonly actor: VerifierActor;
  readonly headingId: string;
}

/**
 * The checker itself, below /verify's title (VerifyPage.tsx): scans a card's QR with the camera, or takes its address
 * pasted or typed, and says in one large verdict whether its signature, dates and the kept revocation list let it
 * through, with no network once opened online. The statechart is src/machines/verifier.ts.
 *
 * Each part reads only its own slice of the statechart, so a check re-renders the verdict's region alone, not the
 * page around it: on a low-tier phone the whole page's render took most of the time between the tap and the verdict.
 */
export default function VerifyChecker() {
  const id = useId();
  const [opened] = useState(() => ({
    online: navigator.onLine,
    text: textOfHash(location.hash),
    origin: location.origin,
  }));
  const actor: VerifierActor = useActorRef(useProvidedMachine(verifierMachine), { input: opened });

  useEffect(() => {
    registerOfflineWorker("verify");
    return announceOfflinePage("verify", "images/verify-192.png");
  }, []);

  useEffect(() => soundOnFirstGesture(document), []);

  useEffect(() => {
    const online = () => actor.send({ type: "ONLINE" });
    const offline = () => actor.send({ type: "OFFLINE" });
    // A link to /verify#<check URL> opened while the page is open: checked like a paste.
    const hash = () => {
      const text = textOfHash(location.hash);
      if (text) actor.send({ type: "SUBMIT", text });
    };
    const shown = () => {
      if (document.visibilityState === "visible") actor.send({ type: "SHOWN" });
    };
    document.addEventListener("visibilitychange", shown);
    addEventListener("online", online);
    addEventListener("offline", offline);
    addEventListener("hashchange", hash);
    return () => {
      document.removeEventListener("visibilitychange", shown);
      removeEventListener("online", online);
      removeEventListener("offline", offline);
      removeEventListener("hashchange", hash);
    };
  }, [actor]);

  return (
    <>
      {/* Under the intro, as close to it as the title block's own lines (VerifyPage's gap-1 inside its gap-5). */}
      <div className="-mt-4">
        <Trust actor={actor} />
      </div>
      <InsecureNotice secure={isSecureContext} />
      <Outcome actor={actor} headingId={`${id}-verdict`} />
      <Camera actor={actor} headingId={`${id}-camera`} />
      <PasteForm actor={actor} />
      <InstallOffer />
    </>
  );
}

const Trust = memo(function Trust({ actor }: { readonly actor: VerifierActor }) {
  const online = useSelector(actor, (s) => s.context.online);
  const loading = useSelector(actor, (s) => s.matches({ trust: "loading" }));
  const refreshing = useSelector(actor, (s) => s.matches({ trust: "refreshing" }));
  const trust = useSelector(actor, (s) => s.context.trust);
  return <TrustStatus online={online} loading={loading} refreshing={refreshing} trust={trust} />;
});

const Outcome = memo(function Outcome({ actor, headingId }: PartProps) {
  const { t } = useTranslation("verify");
  const verifying = useSelector(actor, (s) => s.matches({ check: "verifying" }));
  const shown = useSelector(actor, (s) => s.matches({ check: "verdict" }));
  // With the camera on, the verdict covers the whole screen (pretixSCAN's way) until the statechart gives the
  // viewfinder back; a pasted address's verdict sits in the page.
  const overCamera = useSelector(actor, (s) => s.matches({ camera: "on" }));
  const result = useSelector(actor, (s) => s.context.result);
  const scan = useSelector(actor, (s) => s.context.scan);
  const checkedOffline = useSelector(actor, (s) => s.context.checkedOffline);
  const confirmedAt = useSelector(actor, (s) => s.context.confirmedAt);
  const photo = useSelector(actor, (s) => s.context.photo);
  const panel =
    shown && result ? (
      <VerdictPanel
        key={scan}
        result={result}
        checkedOffline={checkedOffline}
        confirmedAt={confirmedAt}
        photo={photo}
        headingId={headingId}
        fullScreen={overCamera}
        footer={overCamera ? <NextButton /> : null}
      />
    ) : null;
  return (
    <div aria-live="polite" className="flex flex-col gap-3">
      {verifying ? (
        <p role="status" className="text-lg font-semibold text-fg">
          {t("checking")}
        </p>
      ) : null}
      {panel && overCamera ? (
        <FullScreen onTap={() => actor.send({ type: "SCAN_AGAIN" })} labelledBy={headingId}>
          {panel}
        </FullScreen>
      ) : (
        panel
      )}
    </div>
  );
});

/** The verdict over the camera, a modal view of its own: a tap anywhere, or Escape, goes back to scanning. */
function FullScreen({
  onTap,
  labelledBy,
  children,
}: {
  readonly onTap: () => void;
  readonly labelledBy: string;
  readonly children: ReactNode;
}) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a tap anywhere on the verdict is the guard's way back (pretixSCAN's); NextButton inside is the keyboard's, Escape too
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-surface"
      onClick={onTap}
      onKeyDown={(event) => {
        if (event.key === "Escape") onTap();
      }}
    >
      {children}
    </div>
  );
}

/** The keyboard's way back to scanning, focused when the verdict appears; a tap on it is a tap on the verdict. */
function NextButton() {
  const { t } = useTranslation("verify");
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus({ preventScroll: true }), []);
  return (
    <NativeButton ref={next} size="md" className="min-h-14 w-full text-lg">
      {t("next")}
    </NativeButton>
  );
}

const Camera = memo(function Camera({ actor, headingId }: PartProps) {
  const { t } = useTranslation("verify");
  const cameraOn = useSelector(actor, (s) => s.matches({ camera: "on" }));
  const opening = useSelector(actor, (s) => s.matches({ camera: { on: "opening" } }));
  const closer = useSelector(actor, (s) => s.matches({ check: { idle: "unread" } }));
  const denied = useSelector(actor, (s) => s.matches({ camera: "denied" }));
  const failed = useSelector(actor, (s) => s.matches({ camera: "failed" }));
  const stream = useSelector(actor, (s) => s.context.stream);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream, cameraOn]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        {t("camera.preview")}
      </h2>
      {cameraOn ? (
        <>
          <div className="relative overflow-hidden rounded-2xl bg-black">
            <video
              ref={video}
              aria-label={t("camera.preview")}
              muted
              playsInline
              autoPlay
              className="mx-auto max-h-[45dvh] w-full object-contain"
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[12%] rounded-xl border-4 border-white/80"
            />
          </div>
          <p role="status" className={closer ? "text-lg font-semibold text-fg" : "text-fg-muted"}>
            {opening ? t("camera.opening") : closer ? t("camera.closer") : t("camera.scanning")}
          </p>
          <NativeButton variant="secondary" className="self-start" onClick={() => actor.send({ type: "CLOSE_CAMERA" })}>
            {t("camera.close")}
          </NativeButton>
        </>
      ) : (
        <>
          {denied ? (
            <p role="alert" className="text-danger-text">
              {t("camera.denied")}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="text-danger-text">
              {t("camera.failed")}
            </p>
          ) : null}
          <NativeButton
            size="md"
            className="min-h-14 self-stretch text-lg sm:self-start"
            onClick={() => {
              unlockSoundSoon();
              actor.send({ type: "OPEN_CAMERA" });
            }}
          >
            {t("camera.open")}
          </NativeButton>
        </>
      )}
    </section>
  );
});

/** The address typed or pasted: its keystrokes re-render this form only. */
const PasteForm = memo(function PasteForm({ actor }: { readonly actor: VerifierActor }) {
  const { t } = useTranslation("verify");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    unlockSoundSoon();
    if (typed.trim() === "") return setTypedError(t("paste.required"));
    setTypedError(undefined);
    actor.send({ type: "SUBMIT", text: typed.trim() });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4">
      <NativeTextField
        label={t("paste.label")}
        description={t("paste.hint")}
        value={typed}
        onChange={setTyped}
        errorMessage={typedError}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
      />
      <NativeButton type="submit" variant="secondary" className="self-start">
        {t("paste.submit")}
      </NativeButton>
    </form>
  );
});
