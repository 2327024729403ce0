import { MAX_OUTPUT_HEIGHT, outputSize, type CropRect } from "./crop";

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
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
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
