import { type PointerEvent, useLayoutEffect, useRef, useState } from "react";
import {
  Button as RACButton,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastQueue as RACToastQueue,
  UNSTABLE_ToastRegion as RACToastRegion,
  type QueuedToast,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { AriaLocaleProvider } from "../i18n/AriaLocaleProvider";
import { Spinner } from "./Spinner";
import {
  attachToasts,
  MAX_VISIBLE_TOASTS,
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  type ToastContent,
  type ToastOptions,
  type ToastType,
} from "./toast-queue";
import { cx } from "./utils";

/**
 * The react-aria toast region and queue. Loaded with the first toast (see toast.tsx), so pages that never show
 * one never download react-aria for it.
 */

/** The one queue of the app; RAC shows the newest MAX_VISIBLE_TOASTS and keeps the rest waiting. */
export const toastQueue = new RACToastQueue<ToastContent>({ maxVisibleToasts: MAX_VISIBLE_TOASTS });

interface Entry {
  key: string;
  replaced: boolean;
}
const entries = new Map<string, Entry>();

function show(type: ToastType, message: string, options: ToastOptions & { id: string }): void {
  const id = options.id;
  const previous = entries.get(id);
  if (previous) {
    previous.replaced = true;
    toastQueue.close(previous.key);
  }
  const duration = options.duration ?? TOAST_DURATION;
  const timeout = type === "loading" || !Number.isFinite(duration) || duration <= 0 ? undefined : duration;
  const entry: Entry = { key: "", replaced: false };
  entry.key = toastQueue.add(
    { id, type, message, description: options.description },
    {
      ...(timeout === undefined ? {} : { timeout }),
      onClose: () => {
        if (entries.get(id) === entry) entries.delete(id);
        if (!entry.replaced) options.onClose?.();
      },
    },
  );
  entries.set(id, entry);
}

const dismiss = (id?: string) => {
  if (id === undefined) {
    entries.clear();
    toastQueue.clear();
    return;
  }
  const entry = entries.get(id);
  if (entry) toastQueue.close(entry.key);
};

attachToasts({ show, dismiss });

const typeStyles: Record<ToastType, string> = {
  success: "border-success-fg/40 bg-success-bg text-success-fg",
  info: "border-info-fg/40 bg-info-bg text-info-fg",
  warning: "border-warning-fg/40 bg-warning-bg text-warning-fg",
  error: "border-error-fg/40 bg-error-bg text-error-fg",
  loading: "border-border bg-surface text-fg",
  default: "border-border bg-surface text-fg",
};

function ToastIcon({ type }: { type: ToastType }) {
  if (type === "default") return null;
  if (type === "loading") return <Spinner size="sm" className="mt-0.5" />;
  const paths: Record<Exclude<ToastType, "default" | "loading">, string> = {
    success: "M5 10.5l3 3 7-7",
    info: "M10 9v5M10 6.2v.1",
    warning: "M10 6v5M10 13.8v.1",
    error: "M7 7l6 6M13 7l-6 6",
  };
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-5 shrink-0">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d={paths[type]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function ToastItem({ toast: queued }: { toast: QueuedToast<ToastContent> }) {
  const { t } = useTranslation("common");
  const start = useRef<number | null>(null);
  const { type, message, description } = queued.content;
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current !== null && Math.abs(event.clientX - start.current) >= TOAST_SWIPE_THRESHOLD) {
      toastQueue.close(queued.key);
    }
    start.current = null;
  };
  return (
    <RACToast
      toast={queued}
      data-type={type}
      data-toast-key={queued.key}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
      className={cx(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 text-sm shadow-overlay outline-none forced-colors:outline",
        "data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-2",
        typeStyles[type],
      )}
    >
      <ToastIcon type={type} />
      <RACToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Text slot="title" className="font-semibold break-words">
          {message}
        </Text>
        {description && (
          <Text slot="description" className="break-words opacity-90">
            {description}
          </Text>
        )}
      </RACToastContent>
      <RACButton
        slot="close"
        aria-label={t("actions.close", { defaultValue: "Close" })}
        className="-me-1 -mt-1 flex size-8 max-sm:size-11 shrink-0 items-center justify-center rounded-md cursor-pointer outline-none data-[hovered]:bg-fg/10 data-[pressed]:bg-fg/15 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </RACButton>
    </RACToast>
  );
}

type Edge = "bottom" | "top";
const EDGE_GAP = 16;

const overlaps = (a: { top: number; bottom: number; left: number; right: number }, b: DOMRect) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * The edge the toasts sit on: the bottom, unless the focused element is under them there and not under them at the
 * top (WCAG 2.4.11: a toast never hides the control the user is on). Checked when focus moves, when the page
 * scrolls or resizes, and when toasts come and go.
 */
function useEdgeClearOfFocus(node: HTMLDivElement | null): Edge {
  const [edge, setEdge] = useState<Edge>("bottom");
  // Before paint: a region that appears over the focused element moves before it is seen there.
  useLayoutEffect(() => {
    if (!node) return;
    const check = () => {
      const focused = document.activeElement;
      const box = node.getBoundingClientRect();
      if (!focused || focused === document.body || node.contains(focused) || box.height === 0) return;
      const target = focused.getBoundingClientRect();
      const at = (side: Edge) =>
        side === "bottom"
          ? {
              top: window.innerHeight - EDGE_GAP - box.height,
              bottom: window.innerHeight - EDGE_GAP,
              left: box.left,
              right: box.right,
            }
          : { top: EDGE_GAP, bottom: EDGE_GAP + box.height, left: box.left, right: box.right };
      setEdge((current) => {
        if (!overlaps(at(current), target)) return current;
        const other: Edge = current === "bottom" ? "top" : "bottom";
        return overlaps(at(other), target) ? current : other;
      });
    };
    // Escape closes the toast that has focus (or holds it); on the region itself (reached with F6), its first toast.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !(event.target instanceof Element)) return;
      const toastNode =
        event.target === node ? node.querySelector("[data-toast-key]") : event.target.closest("[data-toast-key]");
      const key = toastNode?.getAttribute("data-toast-key");
      if (!key) return;
      event.preventDefault();
      toastQueue.close(key);
    };
    // Toasts coming and going change the region's size (absent where the platform has no ResizeObserver).
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(check);
    resized?.observe(node);
    document.addEventListener("focusin", check);
    window.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check);
    node.addEventListener("keydown", onKeyDown);
    check();
    return () => {
      resized?.disconnect();
      document.removeEventListener("focusin", check);
      window.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
      node.removeEventListener("keydown", onKeyDown);
    };
  }, [node]);
  return edge;
}

/**
 * Mount once near the root (inside the i18n provider). A landmark region (F6 moves focus into it) whose toasts
 * are announced by react-aria (role="alert" content); bottom-right (top-right while the focused element is under
 * the bottom), 356 px wide, 14 px apart, newest nearest the edge. Escape closes the focused toast.
 */
export default function ToastRegion() {
  const { t } = useTranslation("common");
  // The region is drawn only while it holds toasts: its node comes and goes.
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const edge = useEdgeClearOfFocus(node);
  return (
    <AriaLocaleProvider>
      <RACToastRegion
        ref={setNode}
        queue={toastQueue}
        aria-label={t("notifications", { defaultValue: "Notifications" })}
        data-edge={edge}
        className={cx(
          "fixed right-4 left-4 z-[60] ms-auto flex w-auto max-w-[356px] gap-[14px] outline-none sm:left-auto sm:w-[356px] data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-2",
          edge === "bottom" ? "bottom-4 flex-col-reverse" : "top-4 flex-col",
        )}
      >
        {({ toast: queued }) => <ToastItem toast={queued} />}
      </RACToastRegion>
    </AriaLocaleProvider>
  );
}
