import jsQR from "jsqr";

/**
 * The checker's QR decoder where the browser has no BarcodeDetector (src/browser/qr-camera.ts): a frame in, the
 * QR's text (or null) out, off the page's main thread.
 */
let canvas: OffscreenCanvas | null = null;

self.addEventListener("message", (event: MessageEvent<{ id: number; frame: ImageBitmap }>) => {
  const { id, frame } = event.data;
  let text: string | null = null;
  try {
    if (!canvas || canvas.width !== frame.width || canvas.height !== frame.height)
      canvas = new OffscreenCanvas(frame.width, frame.height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (context) {
      context.drawImage(frame, 0, 0);
      const pixels = context.getImageData(0, 0, frame.width, frame.height);
      text = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "dontInvert" })?.data ?? null;
    }
  } finally {
    frame.close();
  }
  self.postMessage({ id, text });
});
