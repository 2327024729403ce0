import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import QRCode from "qrcode";

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): `text`'s QR code, black on white, as
 * raw YUV4MPEG2 (4:2:0), written from pixels here, so the test needs no video tool. Chromium loops the file.
 */
export const writeQrVideo = (file: string, text: string, width = 640, height = 480) => {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const modules = qr.modules.size + 2 * quiet;
  const scale = Math.floor(Math.min(width, height) / modules);
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < qr.modules.size; y++)
    for (let x = 0; x < qr.modules.size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + quiet) * scale + dy) * width + left + (x + quiet) * scale;
        luma.fill(16, row, row + scale);
      }
    }
  writeFrames(file, luma, width, height);
};

/**
 * A video of a picture (a PNG screenshot of a phone's screen) for the fake camera: its grey levels, scaled to fit and
 * centred on white, as a camera held over the phone would see it.
 */
export const writeImageVideo = (file: string, png: Buffer, width = 640, height = 480) => {
  const image = PNG.sync.read(png);
  const scale = Math.min(width / image.width, height / image.height);
  const w = Math.floor(image.width * scale);
  const h = Math.floor(image.height * scale);
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const at = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const grey = 0.299 * image.data[at]! + 0.587 * image.data[at + 1]! + 0.114 * image.data[at + 2]!;
      luma[(top + y) * width + left + x] = Math.round(16 + (grey * 219) / 255);
    }
  writeFrames(file, luma, width, height);
};

const writeFrames = (file: string, luma: Buffer, width: number, height: number) => {
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
};

/** A video of nothing to read (a white frame): the card taken out of the camera's sight. */
export const writeBlankVideo = (file: string, width = 640, height = 480) =>
  writeFrames(file, Buffer.alloc(width * height, 235), width, height);
