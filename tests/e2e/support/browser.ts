/**
 * The browser of the browser tests: Debian's headless Chromium (package chromium-headless-shell), the same engine as
 * /usr/bin/chromium without the desktop browser's interface, so each test costs the two cores less (about a third
 * less CPU on the public and session specs). CHROMIUM_PATH chooses another.
 */
export const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
