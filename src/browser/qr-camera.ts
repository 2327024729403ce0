import { startModuleWorker } from "./offline-worker";
// oxlint-disable-next-line import/default -- Vite answers `?worker&url` with the built worker's address
import qrDecodeWorkerUrl from "./qr-decode.worker.ts?worker&url";

/**
 * The checker's camera (src/machines/verifier.ts): the back camera through getUserMedia, its frames read a few times a
 * second and decoded by the browser's BarcodeDetector where it has one, otherwise by jsQR in a worker
 * (qr-decode.worker.ts, served from this site). Loaded only when the camera opens, so the decoder never weighs on a
 * checker that only pastes URLs.
 */

interface DetectedBarcode {
  readonly rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

type Decode = (frame: ImageBitmap) => Promise<string | null>;

const nativeDecoder = async (): Promise<Decode | null> => {
  const Detector: unknown = Reflect.get(globalThis, "BarcodeDetector");
  if (typeof Detector !== "function") return null;
  const detectorClass = Detector as BarcodeDetectorClass;
  try {
    if (!(await detectorClass.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new detectorClass({ formats: ["qr_code"] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
};

const workerDecoder = async (): Promise<{ decode: Decode; stop: () => void }> => {
  const worker = await startModuleWorker(qrDecodeWorkerUrl);
  let next = 0;
  const pending = new Map<number, (text: string | null) => void>();
  worker.addEventListener("message", (event: MessageEvent<{ id: number; text: string | null }>) => {
    pending.get(event.data.id)?.(event.data.text);
    pending.delete(event.data.id);
  });
  return {
    decode: (frame) =>
      new Promise((resolve) => {
        const id = ++next;
        pending.set(id, resolve);
        worker.postMessage({ id, frame }, [frame]);
      }),
    stop: () => worker.terminate(),
  };
};

export interface QrCameraHandlers {
  readonly onStream: (stream: MediaStream) => void;
  readonly onCode: (text: string) => void;
  readonly onTrouble: (trouble: "denied" | "failed") => void;
}

/** Pause between two frames read: enough for a card held up, light on a phone's battery. */
const FRAME_GAP_MS = 120;

/** Opens the camera and scans until the returned function is called. */
export const startQrCamera = async (handlers: QrCameraHandlers): Promise<() => void> => {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (error) {
    const denied =
      error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
    handlers.onTrouble(denied ? "denied" : "failed");
    return () => {};
  }
  let stopped = false;
  const native = await nativeDecoder();
  const fallback = native ? null : await workerDecoder();
  const decode = native ?? fallback?.decode;
  // A video element of its own, never shown: the screen shows the stream in its own preview.
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  const stop = () => {
    stopped = true;
    fallback?.stop();
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  try {
    await video.play();
  } catch {
    stop();
    handlers.onTrouble("failed");
    return stop;
  }
  handlers.onStream(stream);
  const loop = async () => {
    while (!stopped && decode) {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const text = await decode(await createImageBitmap(video));
          if (text && !stopped) handlers.onCode(text);
        } catch {
          /* a frame that could not be read: the next one will */
        }
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_GAP_MS));
    }
  };
  void loop();
  return stop;
};
