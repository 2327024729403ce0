/**
 * Whether a build is older than its sources: `npm run demo` serves the production build and rebuilds it only when
 * a source changed since (or it is missing), so a trainer's first start builds once and later starts are instant.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = ".build-stamp";

/** What a build is made of, relative to the project root. */
const INPUTS = ["src", "public", "index.html", "vite.config.ts", "package-lock.json", "tsconfig.json", "scripts/lib"];

const newestIn = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestIn(join(path, name))), stat.mtimeMs);
};

/** The newest modification time among the build's inputs. */
export const newestSource = (root: string): number =>
  INPUTS.reduce((newest, input) => Math.max(newest, newestIn(join(root, input))), 0);

/** True when `dist` holds no finished build, or one older than a source. */
export const isStale = (root: string, dist: string): boolean => {
  const stamp = join(dist, STAMP);
  return !existsSync(stamp) || statSync(stamp).mtimeMs < newestSource(root);
};

/** Marks `dist` as a finished build of the sources as they are now. */
export const stampBuild = (dist: string): void => writeFileSync(join(dist, STAMP), `${new Date().toISOString()}\n`);
