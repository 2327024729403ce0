import { fromCallback } from "xstate";
import type { CheckResult } from "./verifier-check";

/**
 * The checker's devices (src/machines/verifier.ts): the camera and the verdict's sound, each loaded when first used,
 * so a checker that only pastes addresses never downloads the QR decoder.
 */

/** What the camera tells the checker: part of verifier.ts's events. */
export type CameraEvent =
  | { readonly type: "CAMERA_READY"; readonly stream: MediaStream }
  | { readonly type: "CAMERA_DENIED" }
  | { readonly type: "CAMERA_FAILED" }
  | { readonly type: "SCANNED"; readonly text: string };

export const openCamera = fromCallback<CameraEvent>(({ sendBack }) => {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void import("../browser/qr-camera").then(({ startQrCamera }) =>
    startQrCamera({
      onStream: (stream) => sendBack({ type: "CAMERA_READY", stream }),
      onCode: (text) => sendBack({ type: "SCANNED", text }),
      onTrouble: (trouble) => sendBack({ type: trouble === "denied" ? "CAMERA_DENIED" : "CAMERA_FAILED" }),
    }).then((stopCamera) => {
      if (cancelled) stopCamera();
      else stop = stopCamera;
    }),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
});

export const announce = (result: CheckResult) =>
  void import("../browser/verdict-sound").then(({ playVerdictSound }) => playVerdictSound(result));
