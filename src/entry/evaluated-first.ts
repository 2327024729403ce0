import { nextTask } from "../browser/next-task";

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

/**
 * A module graph is evaluated in one task: the libraries among `hrefs` (EVALUATED_FIRST), each evaluated in a task of
 * its own, keep a page's start from making one long task of them.
 */
export const evaluateFirst = async (hrefs: readonly string[]) => {
  for (const { name } of EVALUATED_FIRST) {
    const href = hrefs.find((path) => path.slice(path.lastIndexOf("/") + 1).startsWith(`${name}-`));
    if (!href) continue;
    // A failed download fails the page's own import after this, which knows what to do about it.
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await nextTask();
  }
};
