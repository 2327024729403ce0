/**
 * Whether a path is the backend's (docs/spec.md §7): `/api/…` or `/<app>/api/…` (`/base/api/`, `/institution/api/`, and
 * each kind's root, `/student/api/v1`, …). One rule, with no list of kinds, for the dev server's proxy
 * (vite.config.ts) and the classroom demo server (scripts/demo.ts): a new kind's paths are forwarded unchanged.
 * Imported by Node scripts as is: no imports.
 */
export const BACKEND_PATH = /^\/(?:[a-z]+\/)?api\//;

export const isBackendPath = (pathname: string): boolean => BACKEND_PATH.test(pathname);
