import { useMachine } from "@xstate/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useProvidedMachine } from "../../machines/implementations";
import { verifierMachine } from "../../machines/verifier";
import { textOfHash } from "../../machines/verifier-check";
import { NativeButton } from "../../ui/NativeButton";
import { NativeTextField } from "../../ui/NativeTextField";
import { soundOnFirstGesture, unlockSoundSoon } from "../../browser/sound-gesture";
import { PublicLayout } from "../layout/PublicLayout";
import { announceVerifyApp, registerVerifyWorker } from "./install";
import { TrustStatus } from "./TrustStatus";
import { VerdictPanel } from "./VerdictPanel";

/**
 * The guards' checker (extension `signed-qr`, docs/signed-qr.md): scans a card's QR with the camera, or takes its
 * address pasted or typed, and says in one large verdict whether its signature, dates and the kept revocation list
 * let it through, with no network once opened online. The statechart is src/machines/verifier.ts.
 */
export function VerifyPage() {
  const { t } = useTranslation("verify");
  const id = useId();
  const [opened] = useState(() => ({
    online: navigator.onLine,
    text: textOfHash(location.hash),
    origin: location.origin,
  }));
  const [snapshot, send] = useMachine(useProvidedMachine(verifierMachine), { input: opened });
  const { context } = snapshot;
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | undefined>();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    registerVerifyWorker();
    return announceVerifyApp();
  }, []);

  useEffect(() => soundOnFirstGesture(document), []);

  useEffect(() => {
    const online = () => send({ type: "ONLINE" });
    const offline = () => send({ type: "OFFLINE" });
    // A link to /verify#<check URL> opened while the page is open: checked like a paste.
    const hash = () => {
      const text = textOfHash(location.hash);
      if (text) send({ type: "SUBMIT", text });
    };
    addEventListener("online", online);
    addEventListener("offline", offline);
    addEventListener("hashchange", hash);
    return () => {
      removeEventListener("online", online);
      removeEventListener("offline", offline);
      removeEventListener("hashchange", hash);
    };
  }, [send]);

  useEffect(() => {
    if (video.current) video.current.srcObject = context.stream;
  }, [context.stream]);

  const cameraOn = snapshot.matches({ camera: "on" });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    unlockSoundSoon();
    if (typed.trim() === "") return setTypedError(t("paste.required"));
    setTypedError(undefined);
    send({ type: "SUBMIT", text: typed.trim() });
  };

  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:py-10">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("title")}</h1>
          <p className="text-fg-muted">{t("intro")}</p>
          <TrustStatus
            online={context.online}
            loading={snapshot.matches({ trust: "loading" })}
            refreshing={snapshot.matches({ trust: "refreshing" })}
            trust={context.trust}
          />
        </div>

        <div aria-live="polite" className="flex flex-col gap-3">
          {snapshot.matches({ check: "verifying" }) ? (
            <p role="status" className="text-lg font-semibold text-fg">
              {t("checking")}
            </p>
          ) : null}
          {snapshot.matches({ check: "verdict" }) && context.result ? (
            <VerdictPanel
              key={context.scan}
              result={context.result}
              checkedOffline={context.checkedOffline}
              photo={context.photo}
              lookingForPhoto={snapshot.matches({ check: { verdict: "photo" } })}
              headingId={`${id}-verdict`}
            />
          ) : null}
        </div>

        <section aria-labelledby={`${id}-camera`} className="flex flex-col gap-3">
          <h2 id={`${id}-camera`} className="sr-only">
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
              <p className="text-fg-muted">
                {snapshot.matches({ camera: { on: "opening" } }) ? t("camera.opening") : t("camera.scanning")}
              </p>
              <NativeButton variant="secondary" className="self-start" onClick={() => send({ type: "CLOSE_CAMERA" })}>
                {t("camera.close")}
              </NativeButton>
            </>
          ) : (
            <>
              {snapshot.matches({ camera: "denied" }) ? (
                <p role="alert" className="text-danger-text">
                  {t("camera.denied")}
                </p>
              ) : null}
              {snapshot.matches({ camera: "failed" }) ? (
                <p role="alert" className="text-danger-text">
                  {t("camera.failed")}
                </p>
              ) : null}
              <NativeButton
                size="md"
                className="min-h-14 self-stretch text-lg sm:self-start"
                onClick={() => {
                  unlockSoundSoon();
                  send({ type: "OPEN_CAMERA" });
                }}
              >
                {t("camera.open")}
              </NativeButton>
            </>
          )}
        </section>

        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
        >
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
        <p className="text-sm text-fg-muted">{t("install")}</p>
      </div>
    </PublicLayout>
  );
}
