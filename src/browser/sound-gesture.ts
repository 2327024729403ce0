/** Readies the sound from within a guard's gesture (browsers start audio only after one), its module loaded then. */
export const unlockSoundSoon = (): void => void import("./verdict-sound").then(({ unlockSound }) => unlockSound());

/**
 * Prepares the checker's sound on the guard's first tap or key anywhere on the page (the field, the camera's button):
 * making an audio context costs tens of milliseconds on a slow phone, paid there rather than between the check and
 * its verdict. The sound's module is loaded then, not with the page. Returns the listeners' removal.
 */
export const soundOnFirstGesture = (page: EventTarget): (() => void) => {
  const gestures = ["pointerdown", "keydown"] as const;
  const stop = () => gestures.forEach((gesture) => page.removeEventListener(gesture, first, true));
  const first = () => {
    stop();
    unlockSoundSoon();
  };
  gestures.forEach((gesture) => page.addEventListener(gesture, first, true));
  return stop;
};
