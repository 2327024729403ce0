import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../ui/classes";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};
const isOnline = () => navigator.onLine;

/** How long "Back online." stays after the connection returns. */
export const BACK_ONLINE_DURATION = 4000;

/**
 * A live region that is always in the DOM (so changes are announced): "You are offline." while offline, then
 * "Back online." for a few seconds. Visually a slim banner at the top.
 */
export function OfflineBanner() {
  const { t } = useTranslation("errors");
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const [showBack, setShowBack] = useState(false);
  const wasOffline = useRef(!online);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      // oxlint-disable-next-line react/set-state-in-effect -- follows the browser's online state; a timer ends "Back online."
      setShowBack(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setShowBack(true);
    const timer = setTimeout(() => setShowBack(false), BACK_ONLINE_DURATION);
    return () => clearTimeout(timer);
  }, [online]);

  const message = !online ? t("offline") : showBack ? t("online") : "";
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={cx(!message && "sr-only")}>
      {message && (
        <p
          className={cx(
            "w-full px-4 py-2 text-center text-sm font-medium",
            online ? "bg-success-bg text-success-fg" : "bg-warning-bg text-warning-fg",
          )}
        >
          {message}
        </p>
      )}
    </div>
  );
}
