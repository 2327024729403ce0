import { useEffect } from "react";

/**
 * Keeps the screen on while the card is shown (the Wake Lock API, where the browser offers it): a guard should not
 * wait for the holder to unlock the phone again. Asked again when the page is shown again, as the browser releases it.
 */
export const useWakeLock = (active: boolean): void => {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let gone = false;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(
        (sentinel) => {
          if (gone) void sentinel.release();
          else lock = sentinel;
        },
        () => {
          /* refused (battery saver, no user gesture yet): the screen dims as usual */
        },
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      gone = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, [active]);
};
