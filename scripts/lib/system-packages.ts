/**
 * The Debian packages the tests need, installed by `npm test` itself on a fresh machine (the README's test
 * command alone prepares one): as root, the missing ones are installed (apt-get update first); as anyone else,
 * they are named in one line and the run stops before any test, rather than failing later in a browser lane.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** Package → the program (on the PATH) or the file (an absolute path) that says it is installed. */
const PROGRAMS = {
  // The build's prerendering (scripts/lib/prerender.ts) and the browser tests (tests/e2e/support/browser.ts). The
  // benchmarks, not part of npm test, use the desktop Chromium (package chromium).
  "chromium-headless-shell": "chromium-headless-shell",
  // Every measured run had these fonts (a recommendation of Chromium's, which the installation below no longer
  // follows); the pages' monospace stack names Liberation Mono, whose widths the layout tests have seen.
  "fonts-liberation": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
  nginx: "nginx", // the shipped web-server configuration (tests/e2e/nginx.spec.ts)
  openssl: "openssl", // the classroom's --https certificate (scripts/lib/classroom-tls.ts, tests/e2e/classroom-verify.spec.ts)
  "poppler-utils": "pdftotext", // text of the card PDFs
  "zbar-tools": "zbarimg", // a card's signed QR read from its PDF as an outsider would (tests/unit/signed-card-pdf.test.ts)
} as const;

export const SYSTEM_PACKAGES = Object.keys(PROGRAMS) as ReadonlyArray<keyof typeof PROGRAMS>;

/** What the decision needs to know of the machine, and how it acts on it (tests give their own). */
export interface SystemPackageHost {
  readonly isInstalled: (pkg: string) => boolean;
  readonly isRoot: boolean;
  readonly hasApt: boolean;
  /** Runs a command with the terminal's output; answers its exit code. */
  run: (command: string, args: readonly string[]) => number;
  readonly log: (line: string) => void;
}

/**
 * What they recommend is left out: on a fresh Debian 12 machine it turned 36 packages into 145, the extra ones
 * (GTK, Samba, Ghostscript, ImageMagick, printer tools) used by no test.
 */
const APT_INSTALL = ["apt-get", "install", "-y", "--no-install-recommends"] as const;

/** Answers whether the tests can run: every package present, or installed now. */
export const ensureSystemPackages = (host: SystemPackageHost): boolean => {
  const missing = () => SYSTEM_PACKAGES.filter((pkg) => !host.isInstalled(pkg));
  const wanted = missing();
  if (wanted.length === 0) return true;
  if (!host.isRoot || !host.hasApt) {
    host.log(
      `Missing system packages: ${wanted.join(" ")}. Install them (${APT_INSTALL.join(" ")} ${wanted.join(" ")}, as root) and run npm test again.`,
    );
    return false;
  }
  host.log(`Installing ${wanted.join(" ")} from Debian (apt-get)…`);
  if (host.run("apt-get", ["update"]) !== 0 || host.run(APT_INSTALL[0], [...APT_INSTALL.slice(1), ...wanted]) !== 0) {
    host.log(`apt-get could not install ${wanted.join(" ")}.`);
    return false;
  }
  const still = missing();
  if (still.length > 0) host.log(`Still missing after apt-get: ${still.join(" ")}.`);
  return still.length === 0;
};

const canAccess = (path: string, mode: number): boolean => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

const onPath = (program: string): boolean =>
  [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/bin", "/sbin"].some((dir) =>
    canAccess(join(dir, program), constants.X_OK),
  );

const present = (programOrFile: string): boolean =>
  isAbsolute(programOrFile) ? canAccess(programOrFile, constants.R_OK) : onPath(programOrFile);

/** This machine. CHROMIUM_PATH (playwright.config.ts) stands for an installed Chromium. */
export const thisMachine = (): SystemPackageHost => ({
  isInstalled: (pkg) =>
    (pkg === "chromium-headless-shell" && Boolean(process.env.CHROMIUM_PATH)) ||
    present(PROGRAMS[pkg as keyof typeof PROGRAMS] ?? pkg),
  isRoot: process.getuid?.() === 0,
  hasApt: onPath("apt-get"),
  run: (command, args) =>
    spawnSync(command, [...args], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
      .status ?? 1,
  log: (line) => console.log(line),
});
