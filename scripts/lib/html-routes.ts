/**
 * Which HTML file answers a page URL in a prerendered build: the file itself, its `.html` twin (`/auth` →
 * `auth.html`), its folder's `[token].html` template (`/check/student/card/<token>`), else the empty app shell
 * `spa.html` (index.html holds the prerendered landing page). The same rule production hosting needs (docs/deploying.md).
 */
import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";

export const SPA_SHELL = "spa.html";
/** File name of a page template answering every value of its last path segment. */
export const TEMPLATE = "[token].html";

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file (relative to `root`, leading slash) to serve for a page path, or null when the path is a file. */
export const htmlFor = (root: string, pathname: string): string | null => {
  const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, "");
  if (isFile(join(root, safe))) return null;
  const trimmed = safe.replace(/\/+$/, "") || "/";
  if (trimmed === "/") return "/index.html";
  if (isFile(join(root, `${trimmed}.html`))) return `${trimmed}.html`;
  // A parameterised page (the check page's token): its template, named after the parameter.
  const template = `${trimmed.slice(0, trimmed.lastIndexOf("/"))}/${TEMPLATE}`;
  if (trimmed.lastIndexOf("/") > 0 && isFile(join(root, template))) return template;
  return existsSync(join(root, SPA_SHELL)) ? `/${SPA_SHELL}` : "/index.html";
};
