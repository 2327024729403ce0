import { PNG } from "pngjs";

/** A PNG (portrait, two colours) to upload: by default just above the 350 × 450 minimum of a card photo. */
export const samplePng = (width = 360, height = 480): Buffer => {
  const png = new PNG({ width, height });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      const inFace = (x - width / 2) ** 2 + (y - height * 0.42) ** 2 < (width * 0.28) ** 2;
      png.data[i] = inFace ? 200 : 40;
      png.data[i + 1] = inFace ? 150 : 90;
      png.data[i + 2] = inFace ? 120 : 160;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};
