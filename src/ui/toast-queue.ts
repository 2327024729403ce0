/**
 * What the toast API (toast.tsx) and the react-aria region (ToastRegion.tsx) share: the spec's figures, a toast's
 * shape, and the calls made before the region has loaded. Both import it; neither imports the other, apart from the
 * API's lazy load of the region.
 */

export type ToastType = "success" | "info" | "warning" | "error" | "loading" | "default";

/** docs/spec.md §9: duration 4000 ms, 3 visible, gap 14 px, width 356 px, swipe threshold 45 px. */
export const TOAST_DURATION = 4000;
export const MAX_VISIBLE_TOASTS = 3;
export const TOAST_SWIPE_THRESHOLD = 45;

export interface ToastOptions {
  /** Reuse an id to replace a toast in place (e.g. turn a loading toast into a success). */
  id?: string;
  description?: string;
  /** Milliseconds before auto-dismiss; `0` or `Infinity` keeps it until dismissed. Loading toasts never expire. */
  duration?: number;
  onClose?: () => void;
  /** The path of the page the toast belongs to: it closes once the reader is on another page (closeToastsOffPage). */
  page?: string;
}

export interface ToastContent {
  id: string;
  type: ToastType;
  message: string;
  description?: string | undefined;
}

/** What the react-aria region (ToastRegion.tsx) does once loaded. */
export interface ToastImpl {
  show: (type: ToastType, message: string, options: ToastOptions & { id: string }) => void;
  dismiss: (id?: string) => void;
}

type Command = { readonly run: (impl: ToastImpl) => void };

/**
 * Toasts are called from anywhere, but the react-aria region is heavy: calls made before it has loaded wait
 * here and are replayed in order once it attaches.
 */
let impl: ToastImpl | null = null;
let wanted = false;
/** Whether a toast was asked for (the region is then loaded). */
export const isWanted = (): boolean => wanted;
/** Whether the region is there (or wanted): a dismissal then has something to close. */
export const isActive = (): boolean => impl !== null || wanted;
const pending: Command[] = [];
const listeners = new Set<() => void>();

/** Hears when the region is first wanted. */
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const want = () => {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
};

export const run = (command: Command) => {
  if (impl) command.run(impl);
  else {
    pending.push(command);
    want();
  }
};

export const attachToasts = (next: ToastImpl): void => {
  impl = next;
  want();
  pending.splice(0).forEach((command) => command.run(next));
};
