/**
 * Chunks the entry evaluates one per task, in this order, when the page names them: the libraries (chunk groups,
 * build/chunk-groups.ts), then the API layer's and the kinds' chunks (named by the bundler after their first
 * module), whose schemas and forms are built when evaluated. A name the entry does not find is skipped, so the
 * chunk-membership test (tests/e2e/chunks.spec.ts) checks that the wizard's page names each one, holding `holds`.
 */
export const EVALUATED_FIRST = [
  { name: "xstate", holds: "node_modules/xstate/" },
  { name: "effect", holds: "node_modules/effect/" },
  { name: "api", holds: "src/api/" },
  { name: "kinds", holds: "src/kinds/" },
] as const;
