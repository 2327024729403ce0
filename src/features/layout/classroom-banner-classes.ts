/** The classroom banner's look, shared by the app and the classroom server, which puts it in pages the app never takes over. */
export const CLASSROOM_BANNER_CLASSES =
  "border-b border-border bg-warning-bg px-4 py-1.5 text-center text-sm font-medium text-warning-fg";
