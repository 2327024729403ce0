/**
 * Geometry of the ID-photo crop frame, in pixels of the source image. The frame keeps a fixed aspect
 * (35 mm × 45 mm, width / height), stays inside the image, and zooms around its centre. Pure functions only:
 * the dialog turns pointer and key events into calls of these.
 */

export const ID_PHOTO_ASPECT = 35 / 45;
/** Height of the encoded photo at most (downscaled, never upscaled). */
export const MAX_OUTPUT_HEIGHT = 600;
/**
 * Smallest frame, in source pixels: a card photo cropped from fewer pixels prints blurred. Pictures that cannot hold
 * it are refused before cropping (sniff.ts MIN_PHOTO_SIZE); the frame is also never under a tenth of the largest one.
 */
export const MIN_CROP_HEIGHT = 450;
/** Zoom factor of one + / - key press or button press. */
export const ZOOM_STEP = 1.15;

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));

/** The largest frame of `aspect` that fits in the image. */
export const maxCropSize = (image: Size, aspect = ID_PHOTO_ASPECT): Size =>
  image.width / image.height > aspect
    ? { width: image.height * aspect, height: image.height }
    : { width: image.width, height: image.width / aspect };

/** Height of the smallest frame allowed for this image. */
export const minCropHeight = (image: Size, aspect = ID_PHOTO_ASPECT): number => {
  const max = maxCropSize(image, aspect).height;
  return Math.min(max, Math.max(MIN_CROP_HEIGHT, max / 10));
};

/** The frame of a newly loaded image: as large as possible, centred. */
export const initialCrop = (image: Size, aspect = ID_PHOTO_ASPECT): CropRect => {
  const size = maxCropSize(image, aspect);
  return { x: (image.width - size.width) / 2, y: (image.height - size.height) / 2, ...size };
};

/** The same frame with its aspect restored, its size within bounds and its position inside the image. */
export const clampCrop = (crop: CropRect, image: Size, aspect = ID_PHOTO_ASPECT): CropRect => {
  const max = maxCropSize(image, aspect);
  const height = clamp(crop.height, minCropHeight(image, aspect), max.height);
  const width = height * aspect;
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  return {
    x: clamp(cx - width / 2, 0, image.width - width),
    y: clamp(cy - height / 2, 0, image.height - height),
    width,
    height,
  };
};

/** The frame moved by (dx, dy) source pixels, stopped at the image edges. */
export const moveCrop = (crop: CropRect, dx: number, dy: number, image: Size, aspect = ID_PHOTO_ASPECT): CropRect => {
  const frame = clampCrop(crop, image, aspect);
  return {
    ...frame,
    x: clamp(frame.x + dx, 0, image.width - frame.width),
    y: clamp(frame.y + dy, 0, image.height - frame.height),
  };
};

/**
 * The frame zoomed by `factor` around its centre: above 1 zooms in (a smaller frame shows less of the image),
 * below 1 zooms out. The size stays between the minimum and the largest frame; the position inside the image.
 */
export const zoomCrop = (crop: CropRect, factor: number, image: Size, aspect = ID_PHOTO_ASPECT): CropRect => {
  if (!(factor > 0) || !Number.isFinite(factor)) return crop;
  const height = crop.height / factor;
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  return clampCrop(
    { x: cx - (height * aspect) / 2, y: cy - height / 2, width: height * aspect, height },
    image,
    aspect,
  );
};

/** 1 when the frame is as large as it can be, more when zoomed in. */
export const zoomLevel = (crop: CropRect, image: Size, aspect = ID_PHOTO_ASPECT): number =>
  maxCropSize(image, aspect).height / crop.height;

/** Distance of one arrow-key press in source pixels: 2 % of the largest frame's height, 10 % with Shift. */
export const keyStep = (image: Size, large: boolean, aspect = ID_PHOTO_ASPECT): number =>
  maxCropSize(image, aspect).height * (large ? 0.1 : 0.02);

/**
 * The frame after a key press on it, or null when the key does nothing here (so the event keeps its default):
 * arrows move, + / = zoom in, - / _ zoom out, Home recentres at full size.
 */
export const cropForKey = (
  key: string,
  shift: boolean,
  crop: CropRect,
  image: Size,
  aspect = ID_PHOTO_ASPECT,
): CropRect | null => {
  const step = keyStep(image, shift, aspect);
  switch (key) {
    case "ArrowLeft":
      return moveCrop(crop, -step, 0, image, aspect);
    case "ArrowRight":
      return moveCrop(crop, step, 0, image, aspect);
    case "ArrowUp":
      return moveCrop(crop, 0, -step, image, aspect);
    case "ArrowDown":
      return moveCrop(crop, 0, step, image, aspect);
    case "+":
    case "=":
    case "Add":
      return zoomCrop(crop, ZOOM_STEP, image, aspect);
    case "-":
    case "_":
    case "Subtract":
      return zoomCrop(crop, 1 / ZOOM_STEP, image, aspect);
    case "Home":
      return initialCrop(image, aspect);
    default:
      return null;
  }
};

/** Size of the encoded photo: the frame's, downscaled so the height is at most `maxHeight`, aspect kept. */
export const outputSize = (crop: CropRect, maxHeight = MAX_OUTPUT_HEIGHT): Size => {
  const height = Math.max(1, Math.round(Math.min(crop.height, maxHeight)));
  const width = Math.max(1, Math.round((height * crop.width) / crop.height));
  return { width, height };
};

/** The frame as percentages of the image box, for positioning it over the displayed image. */
export const cropPercentages = (crop: CropRect, image: Size) => ({
  left: (crop.x / image.width) * 100,
  top: (crop.y / image.height) * 100,
  width: (crop.width / image.width) * 100,
  height: (crop.height / image.height) * 100,
});
