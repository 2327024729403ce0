import { writeFileSync } from "node:fs";
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
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
};
