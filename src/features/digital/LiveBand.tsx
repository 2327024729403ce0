import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * What shows the screen is live, as transit tickets do: a band that moves and the time to the second. A screenshot
 * or a photo of the screen stands still.
 */
export function LiveBand() {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = now.toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <div
      className="cc-live-band relative overflow-hidden rounded-lg py-2 text-center text-lg font-bold text-white"
      aria-label={t("registration:digital.liveLabel", { time })}
      role="img"
    >
      <span className="relative tabular-nums">{time}</span>
    </div>
  );
}
