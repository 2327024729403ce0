export type VerdictLook = "valid" | "stop" | "revoked" | "expired" | "caution" | "unknown";

/** Each verdict its own shape, so it reads without its colour: a tick, a cross, a barred circle, a clock, a warning sign, a key. */
const paths: Record<VerdictLook, string> = {
  valid: "M5 13l4 4L19 7",
  stop: "M6 6l12 12M18 6L6 18",
  revoked: "M5.6 5.6l12.8 12.8M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  expired: "M12 7v5l3 3M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  caution: "M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  unknown: "M15 7a4 4 0 1 1-3.9 4.9L3 20v-3h3v-3h3l2.1-2.1A4 4 0 0 1 15 7z",
};

export function VerdictIcon({ look }: { readonly look: VerdictLook }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-14 shrink-0 rounded-full border-4 border-current p-1.5 sm:size-16"
      fill="none"
      stroke="currentColor"
      strokeWidth={look === "valid" || look === "stop" ? 3 : 2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[look]} />
    </svg>
  );
}
