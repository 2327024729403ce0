import { describe, expect, it } from "vitest";
import { ensureSystemPackages, SYSTEM_PACKAGES, type SystemPackageHost } from "../../scripts/lib/system-packages";

/** A machine as `npm test` sees it: what is installed, who runs it; the commands it would run are recorded. */
const machine = (installed: readonly string[], root: boolean, opts: { apt?: boolean; failing?: string } = {}) => {
  const commands: string[] = [];
  const lines: string[] = [];
  const present = new Set(installed);
  const host: SystemPackageHost = {
    isInstalled: (pkg) => present.has(pkg),
    isRoot: root,
    hasApt: opts.apt ?? true,
    run: (command, args) => {
      commands.push([command, ...args].join(" "));
      if (command === "apt-get" && args.includes("install"))
        for (const pkg of args.filter((a) => !a.startsWith("-") && a !== "install")) present.add(pkg);
      return opts.failing && args.includes(opts.failing) ? 100 : 0;
    },
    log: (line) => lines.push(line),
  };
  return { host, commands, lines, present };
};

describe("npm test prepares a fresh Debian machine", () => {
  it("needs Chromium's headless shell (the build's prerendering and the browser tests) with the fonts the pages name, nginx, openssl, poppler-utils and zbar-tools", () => {
    expect([...SYSTEM_PACKAGES].sort()).toEqual([
      "chromium-headless-shell",
      "fonts-liberation",
      "nginx",
      "openssl",
      "poppler-utils",
      "zbar-tools",
    ]);
  });

  it("does nothing when everything is installed, root or not", () => {
    for (const root of [true, false]) {
      const m = machine(
        ["chromium-headless-shell", "fonts-liberation", "nginx", "openssl", "poppler-utils", "zbar-tools"],
        root,
      );
      expect(ensureSystemPackages(m.host)).toBe(true);
      expect(m.commands).toEqual([]);
    }
  });

  it("as root, updates the package lists first, then installs only what is missing, without what they recommend", () => {
    // Their recommendations turned 36 packages into 145 (GTK, Samba, Ghostscript, ImageMagick, printer tools).
    const m = machine(["chromium-headless-shell", "fonts-liberation"], true);
    expect(ensureSystemPackages(m.host)).toBe(true);
    expect(m.commands).toEqual([
      "apt-get update",
      "apt-get install -y --no-install-recommends nginx openssl poppler-utils zbar-tools",
    ]);
    expect(m.lines.join("\n")).toContain("nginx openssl poppler-utils zbar-tools");
  });

  it("not root, names what is missing in one line and stops, installing nothing", () => {
    const m = machine(["nginx"], false);
    expect(ensureSystemPackages(m.host)).toBe(false);
    expect(m.commands).toEqual([]);
    expect(m.lines).toHaveLength(1);
    expect(m.lines[0]).toContain(
      "apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation openssl poppler-utils zbar-tools",
    );
  });

  it("stops when the installation fails, or when the machine has no apt-get", () => {
    const failing = machine([], true, { failing: "install" });
    expect(ensureSystemPackages(failing.host)).toBe(false);
    const noApt = machine([], true, { apt: false });
    expect(ensureSystemPackages(noApt.host)).toBe(false);
    expect(noApt.commands).toEqual([]);
    expect(noApt.lines).toHaveLength(1);
    expect(noApt.lines[0]).toContain("chromium-headless-shell fonts-liberation nginx openssl poppler-utils zbar-tools");
  });

  it("stops when a package is still missing after the installation", () => {
    const m = machine([], true);
    m.host.run = (command, args) => {
      m.commands.push([command, ...args].join(" "));
      return 0;
    };
    expect(ensureSystemPackages(m.host)).toBe(false);
  });
});
