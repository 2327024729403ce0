import { lazy, Suspense, useSyncExternalStore } from "react";

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
const pending: Command[] = [];
const listeners = new Set<() => void>();

const want = () => {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
};

const run = (command: Command) => {
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

let counter = 0;
function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  run({ run: (i) => i.show(type, message, { ...options, id }) });
  return id;
}

type ShowFn = (message: string, options?: ToastOptions) => string;

export interface ToastApi extends ShowFn {
  success: ShowFn;
  info: ShowFn;
  warning: ShowFn;
  error: ShowFn;
  /** Stays until dismissed or replaced: `const id = toast.loading(…); …; toast.success(…, { id })`. */
  loading: ShowFn;
  show: (message: string, options?: ToastOptions & { type?: ToastType }) => string;
  /** Replaces the toast `id` (same id) with a new type/message. */
  update: (id: string, next: { type?: ToastType; message: string; description?: string }) => string;
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
  /** Loading toast while `promise` runs, then success or error (same toast). Returns the promise. */
  promise: <T>(
    promise: Promise<T>,
    messages: {
      loading: string;
      success: string | ((value: T) => string);
      error: string | ((error: unknown) => string);
    },
  ) => Promise<T>;
}

const base: ShowFn = (message, options) => show("default", message, options);

/**
 * Global toasts, callable from anywhere (machines' actions, screens): `toast.success(t("agent:added"))`.
 * Messages are already-translated strings.
 */
export const toast: ToastApi = Object.assign(base, {
  success: ((message, options) => show("success", message, options)) as ShowFn,
  info: ((message, options) => show("info", message, options)) as ShowFn,
  warning: ((message, options) => show("warning", message, options)) as ShowFn,
  error: ((message, options) => show("error", message, options)) as ShowFn,
  loading: ((message, options) => show("loading", message, options)) as ShowFn,
  show: (message: string, options: ToastOptions & { type?: ToastType } = {}) =>
    show(options.type ?? "default", message, options),
  update: (id: string, next: { type?: ToastType; message: string; description?: string }) =>
    show(next.type ?? "default", next.message, { id, ...(next.description ? { description: next.description } : {}) }),
  dismiss: (id?: string) => {
    if (impl || wanted) run({ run: (i) => i.dismiss(id) });
  },
  promise: <T,>(
    promise: Promise<T>,
    messages: {
      loading: string;
      success: string | ((value: T) => string);
      error: string | ((error: unknown) => string);
    },
  ) => {
    const id = show("loading", messages.loading);
    promise.then(
      (value) =>
        show("success", typeof messages.success === "function" ? messages.success(value) : messages.success, { id }),
      (error: unknown) =>
        show("error", typeof messages.error === "function" ? messages.error(error) : messages.error, { id }),
    );
    return promise;
  },
});

const Region = lazy(() => import("./ToastRegion"));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Mount once near the root. The region (a landmark; F6 moves focus into it; toasts announced by react-aria)
 * loads with the first toast, or at once with `eager` on screens that will surely show one.
 */
export function Toaster({ eager = false }: { eager?: boolean }) {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!needed && !eager) return null;
  return (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  );
}
