import { chromium, type Browser } from "@playwright/test";
import { browserPath } from "./browser";

/**
 * Debian's Chromium with a fake camera that the page may open without asking: it plays `video` (a YUV4MPEG2 file,
 * tests/e2e/support/qr-video.ts), read when the camera opens, or Chromium's own test pattern without one.
 */
export const launchWithFakeCamera = (video?: string): Promise<Browser> =>
  chromium.launch({
    executablePath: browserPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(video === undefined ? [] : [`--use-file-for-fake-video-capture=${video}`]),
    ],
  });
