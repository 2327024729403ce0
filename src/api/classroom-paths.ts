/** Paths only the classroom demo server answers (scripts/lib/classroom-routes.ts): not part of docs/spec.md §7. */
export const CLASSROOM_PATHS = {
  reset: "/api/classroom/reset/",
  restoreAccount: "/api/classroom/restore-account/",
} as const;
