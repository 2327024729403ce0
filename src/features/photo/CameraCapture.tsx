import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NativeButton } from "../../ui/NativeButton";
import { DialogFooter } from "../../ui/DialogFooter";
import { Spinner } from "../../ui/Spinner";
import { useLatest } from "../../ui/use-latest";

/** Why the camera gave no picture, as the dialog says it. */
export type CameraProblem = "errors:cameraDenied" | "errors:cameraMissing" | "errors:cameraFailed";

const problemOf = (error: unknown): CameraProblem => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "errors:cameraDenied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError")
    return "errors:cameraMissing";
  return "errors:cameraFailed";
};

/** Whether this browser can be asked for a camera at all (a secure page with media devices). */
export const cameraAvailable = (): boolean =>
  typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

/**
 * The computer's camera at the desk: a live preview and a Take button. The picture is handed on as a JPEG file,
 * so it goes through the same checks and crop as a chosen file; the camera is switched off as soon as this part
 * of the dialog goes away (picture taken, cancelled, dialog closed).
 */
export function CameraCapture({
  onCapture,
  onCancel,
  onProblem,
}: {
  readonly onCapture: (file: File) => void;
  readonly onCancel: () => void;
  readonly onProblem: (problem: CameraProblem) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const problem = useLatest(onProblem);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then((opened) => {
        if (gone) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        const element = video.current;
        if (!element) return;
        element.srcObject = opened;
        void element.play().then(
          () => setLive(true),
          () => setLive(true),
        );
      })
      .catch((error: unknown) => {
        if (!gone) problem.current(problemOf(error));
      });
    return () => {
      gone = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [problem]);

  const take = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext("2d");
    if (!context) return problem.current("errors:cameraFailed");
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) =>
        blob
          ? onCapture(new File([blob], "camera.jpg", { type: "image/jpeg" }))
          : problem.current("errors:cameraFailed"),
      "image/jpeg",
      0.92,
    );
  };

  return (
    <>
      <div className="relative mx-auto flex min-h-48 w-full max-w-xl items-center justify-center overflow-hidden rounded-lg bg-black">
        {/* A mirror image, as people expect to see themselves; the picture taken is not mirrored. */}
        <video
          ref={video}
          aria-label={t("registration:photoDialog.cameraPreview")}
          muted
          playsInline
          className="w-full -scale-x-100"
        />
        {!live && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={t("registration:photoDialog.cameraStarting")} className="text-white" />
          </div>
        )}
      </div>
      <p className="text-sm text-fg-muted">{t("registration:photoDialog.cameraHelp")}</p>
      <DialogFooter>
        <NativeButton variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </NativeButton>
        <NativeButton onClick={take} disabled={!live} data-disabled={!live || undefined} autoFocus>
          {t("registration:photoDialog.cameraTake")}
        </NativeButton>
      </DialogFooter>
    </>
  );
}
