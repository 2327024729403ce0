/**
 * React 18+ has useSyncExternalStore built in; the npm shim (pulled in by TanStack Store's selector) only adds a
 * copy for older Reacts. vite.config.ts points "use-sync-external-store/shim" here.
 */
export { useSyncExternalStore } from "react";
