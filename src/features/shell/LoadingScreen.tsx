import { useEffect, useState } from "react";
import { Spinner } from "../../ui/Spinner";

/** docs/spec.md §2: shown before translations exist, so both languages, literally, alternating every 2 s. */
export const LOADING_TEXTS = ["Chargement...", "Loading..."] as const;
export const LOADING_INTERVAL = 2000;

export function LoadingScreen() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOADING_TEXTS.length), LOADING_INTERVAL);
    return () => clearInterval(timer);
  }, []);
  const text = LOADING_TEXTS[index];
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg p-6 text-fg">
      <Spinner size="lg" className="text-link" />
      <p role="status" lang={index === 0 ? "fr" : "en"} className="text-base font-medium text-fg-muted">
        {text}
      </p>
    </div>
  );
}
