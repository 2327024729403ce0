/**
 * Crops and encodes a picked photo off the page's main thread (encode.ts `encodeCropElsewhere`): decoding and
 * scaling a camera's photo, millions of pixels, froze the page for a second on a slow phone.
 */
import { outputSize } from "./crop";
import { drawCrop, JPEG_QUALITY, type EncodeReply, type EncodeRequest } from "./encode";

const reply = (jpeg: EncodeReply) => postMessage(jpeg);

onmessage = async ({ data }: MessageEvent<EncodeRequest>) => {
  try {
    // Turned upright as the page showed it (a camera's EXIF rotation), so the crop means the same pixels. A size
    // that differs says this browser turned it otherwise: the page encodes it itself.
    const bitmap = await createImageBitmap(data.file, { imageOrientation: "from-image" });
    if (bitmap.width !== data.upright.width || bitmap.height !== data.upright.height) {
      bitmap.close();
      return reply(null);
    }
    const size = outputSize(data.crop);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) return reply(null);
    drawCrop(context, bitmap, data.crop, size);
    bitmap.close();
    reply(await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY }));
  } catch {
    reply(null);
  }
};
