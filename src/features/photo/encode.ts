import { MAX_OUTPUT_HEIGHT, outputSize, type CropRect, type Size } from "./crop";

/** The canvas gave no 2D context (docs/spec.md §8: "Unable to get the canva context."). */
export class CanvasContextError extends Error {
  constructor() {
    super("Unable to get the canvas 2D context");
    this.name = "CanvasContextError";
  }
}

/** The browser could not decode or encode the picture (docs/spec.md §8: "Invalide picture."). */
export class PhotoDecodeError extends Error {
  constructor(message = "The picture could not be decoded") {
    super(message);
    this.name = "PhotoDecodeError";
  }
}

export interface EncodeOptions {
  readonly maxHeight?: number;
  /** JPEG quality, 0 to 1. */
  readonly quality?: number;
  /** Canvas factory (tests pass a fake). */
  readonly createCanvas?: () => HTMLCanvasElement;
}

export const JPEG_QUALITY = 0.88;

/** The cropped part of `source` drawn over the whole of `context` (`size`), on white, smoothly scaled. */
export const drawCrop = (
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  source: CanvasImageSource,
  crop: CropRect,
  size: Size,
): void => {
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
};

/**
 * Draws the cropped part of `source` on a fresh canvas (white under transparent pixels), downscaled to at most
 * `maxHeight` pixels tall, and answers it as a JPEG data URL. Re-encoding drops every metadata block of the
 * original file (EXIF, GPS position, camera details).
 */
export const encodeCrop = (source: CanvasImageSource, crop: CropRect, options: EncodeOptions = {}): string => {
  const { width, height } = outputSize(crop, options.maxHeight ?? MAX_OUTPUT_HEIGHT);
  const canvas = options.createCanvas?.() ?? document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext("2d");
  } catch {
    context = null;
  }
  if (!context) throw new CanvasContextError();
  drawCrop(context, source, crop, { width, height });
  const dataUrl = canvas.toDataURL("image/jpeg", options.quality ?? JPEG_QUALITY);
  // "data:," is what a canvas too large for the device answers.
  if (!dataUrl.startsWith("data:image/jpeg;base64,")) throw new PhotoDecodeError("The canvas could not encode a JPEG");
  return dataUrl;
};

/** Loads an image from a URL (an object URL of the picked file) and waits until it is decoded. */
export const loadImage = (url: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = "async";
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0) resolve(image);
      else reject(new PhotoDecodeError());
    };
    image.onerror = () => reject(new PhotoDecodeError());
    image.src = url;
  });

/** What the crop worker (encode.worker.ts) is asked: the picked file, the crop, the image's upright size. */
export interface EncodeRequest {
  readonly file: Blob;
  readonly crop: CropRect;
  readonly upright: Size;
}
/** Its answer: the JPEG, or null when it could not (the page then encodes it itself). */
export type EncodeReply = Blob | null;

const dataUrlOf = (blob: Blob): Promise<string | null> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        typeof reader.result === "string" && reader.result.startsWith("data:image/jpeg;base64,") ? reader.result : null,
      );
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });

/**
 * The crop of a picked file as a JPEG data URL, decoded, scaled and encoded by a worker (encode.worker.ts), so a
 * camera's photo does not freeze the page. Null where the browser has no worker with a canvas, or the worker failed:
 * the caller then encodes it itself (encodeCrop).
 */
export const encodeCropElsewhere = (file: Blob, crop: CropRect, upright: Size): Promise<string | null> => {
  if (typeof Worker !== "function" || typeof OffscreenCanvas !== "function") return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./encode.worker.ts", import.meta.url), { type: "module" });
    } catch {
      return resolve(null);
    }
    const finish = (jpeg: EncodeReply) => {
      worker.terminate();
      if (jpeg) void dataUrlOf(jpeg).then(resolve);
      else resolve(null);
    };
    worker.onmessage = (event: MessageEvent<unknown>) => finish(event.data instanceof Blob ? event.data : null);
    worker.onerror = () => finish(null);
    worker.onmessageerror = () => finish(null);
    const request: EncodeRequest = { file, crop, upright };
    worker.postMessage(request);
  });
};
