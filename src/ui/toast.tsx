import { lazy, Suspense, useSyncExternalStore } from "react";
import { isActive, isWanted, run, subscribe, type ToastOptions, type ToastType } from "./toast-queue";

export { attachToasts, MAX_VISIBLE_TOASTS, TOAST_DURATION, type ToastOptions, type ToastType } from "./toast-queue";

let counter = 0;
/** Open toasts that belong to one page, by id. */
const pageOf = new Map<string, string>();
function show(type: ToastType, message: string, { page, ...options }: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  if (page === undefined) pageOf.delete(id);
  else pageOf.set(id, page);
  run({ run: (i) => i.show(type, message, { ...options, id }) });
  return id;
}

/** Closes the toasts that belong to a page other than `pathname`: a page's news never follows the reader away. */
export const closeToastsOffPage = (pathname: string): void => {
  for (const [id, page] of pageOf) {
    if (page === pathname) continue;
    pageOf.delete(id);
    if (isActive()) run({ run: (i) => i.dismiss(id) });
  }
};

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
    if (isActive()) run({ run: (i) => i.dismiss(id) });
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

/**
 * Mount once near the root. The region (a landmark; F6 moves focus into it; toasts announced by react-aria)
 * loads with the first toast, or at once with `eager` on screens that will surely show one.
 */
export function Toaster({ eager = false }: { eager?: boolean }) {
  const needed = useSyncExternalStore(subscribe, isWanted, () => false);
  if (!needed && !eager) return null;
  return (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  );
}
