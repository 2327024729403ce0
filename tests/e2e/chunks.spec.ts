import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CHUNK_GRAPH_FILE, type ChunkGraph } from "../../build/plugins/chunk-graph";
import { EVALUATED_FIRST } from "../../src/entry/evaluated-first";

/**
 * Chunk membership of the build this lane tests (build/plugins/chunk-graph.ts writes which modules each chunk
 * holds): the chunk groups of vite.config.ts name source paths, so a renamed file can silently land in another
 * group. These checks fail when it does, whatever the groups become. No browser needed.
 */
const dist = process.env.E2E_DIST ?? "dist-e2e";
const graph = JSON.parse(readFileSync(join(dist, CHUNK_GRAPH_FILE), "utf8")) as ChunkGraph;
const byFile = new Map(graph.chunks.map((chunk) => [chunk.file, chunk]));
const chunkOf = new Map(graph.chunks.flatMap((chunk) => chunk.modules.map((module) => [module, chunk.file] as const)));

/** A chunk and every chunk it imports statically: what loading it loads. */
const closure = (files: readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  files.forEach(visit);
  return seen;
};
const modulesOf = (files: Set<string>) => [...files].flatMap((file) => byFile.get(file)?.modules ?? []);

test("the landing's first load holds nothing of React, the router, effect or xstate", () => {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const scripts = [
    ...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const heavy = modulesOf(closure(scripts)).filter((m) =>
    /^node_modules\/(react|react-dom|scheduler|@tanstack|effect|xstate|@xstate)\//.test(m),
  );
  expect(heavy).toEqual([]);
});

test("miragejs, pdf-lib, fontkit and the demo backend load only through the imports that need them", () => {
  const isHeavy = (module: string) =>
    /^node_modules\/(miragejs|pretender|pdf-lib|@pdf-lib|fontkit)\//.test(module) ||
    module.startsWith("src/mock-server/");
  // The demo's start (demo mode only) and the print sheets (their button, or the calibration page).
  const allowed = ["src/app/boot.ts", "src/machines/print-batch.ts", "src/features/print/SheetSettingsForm.tsx"];
  const loadsHeavy = (file: string) => modulesOf(closure([file])).filter(isHeavy);

  for (const entry of graph.chunks.filter((chunk) => chunk.isEntry))
    expect(loadsHeavy(entry.file), entry.file).toEqual([]);
  const through = graph.dynamicImports.filter(({ to }) => {
    const file = chunkOf.get(to);
    return file !== undefined && loadsHeavy(file).length > 0;
  });
  // Not vacuous: Mirage and pdf-lib are in the build, behind these imports.
  expect(new Set(through.map(({ from }) => from))).toEqual(new Set(allowed));
  // Route chunks, screens and machines: none of them brings the heavy code with it.
  expect(through.filter(({ from }) => !allowed.includes(from))).toEqual([]);
});

test("the chunks the entry evaluates ahead, one per task, are named on the wizard's page and hold what they are named for", () => {
  const html = readFileSync(join(dist, "registration", "student.html"), "utf8");
  const scripts = /data-scripts="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  for (const { name, holds } of EVALUATED_FIRST) {
    const href = scripts.find((path) => path.slice(path.lastIndexOf("/") + 1).startsWith(`${name}-`));
    expect(href, name).toBeDefined();
    const modules = byFile.get(href!.replace(/^\//, ""))?.modules ?? [];
    expect(
      modules.some((module) => module.startsWith(holds)),
      `${name} holds ${holds}`,
    ).toBe(true);
  }
});

/**
 * The checker's own script (issue #31: at most 60 KB gzipped before the decoder): what /verify loads beyond the app's
 * start, without the statechart and schema libraries' chunks (xstate, effect), which every page with a machine or an
 * API call shares. docs/performance.md gives both figures.
 */
test("the checker (/verify) adds at most 60 KB of its own gzipped script to the app's start, the QR decoder not included", () => {
  const fileOf = (module: RegExp) => graph.chunks.find((chunk) => chunk.modules.some((m) => module.test(m)))?.file;
  const page = fileOf(/^src\/features\/verify\/VerifyPage\.tsx$/);
  const checker = fileOf(/^src\/features\/verify\/VerifyChecker\.tsx$/);
  const start = fileOf(/^src\/entry\/start\.tsx$/);
  const entry = graph.chunks.find((chunk) => chunk.isEntry && chunk.modules.includes("src/entry/main.tsx"))?.file;
  expect(page && checker && start && entry).toBeTruthy();
  const shared = closure([entry!, start!]);
  const libraries = /^assets\/(xstate|effect)-[\w-]+\.js$/;
  const own = [...closure([page!, checker!])].filter((file) => !shared.has(file) && !libraries.test(file));
  const modules = modulesOf(new Set(own));
  // The decoder loads when the camera opens: neither jsQR nor the camera's module comes with the page.
  expect(modules.filter((m) => /jsqr|src\/browser\/(qr-camera|qr-decode)/.test(m))).toEqual([]);
  const gzipped = own.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
  expect(gzipped, own.join(", ")).toBeLessThanOrEqual(60 * 1024);
});

/**
 * /verify's title and intro are what a guard opening it sees first (its largest paint): they come with the route's
 * chunk alone, and the checker's code (its statechart, the signature check, the schemas) loads behind them.
 */
test("/verify's route draws its title without the checker's code: no xstate, effect or src/signed before it", () => {
  // The page's chunk (the route's component; the shell holds the route's definition).
  const route = graph.chunks.find((chunk) => chunk.modules.includes("src/features/verify/VerifyPage.tsx"))?.file;
  expect(route).toBeDefined();
  const start = graph.chunks.find((chunk) => chunk.modules.includes("src/entry/start.tsx"))?.file;
  const shared = closure([start!]);
  const heavy = modulesOf(new Set([...closure([route!])].filter((file) => !shared.has(file)))).filter((m) =>
    /^node_modules\/(effect|xstate|@xstate)\/|^src\/(signed|machines)\//.test(m),
  );
  expect(heavy).toEqual([]);
  // Not vacuous: the checker and its statechart are in the build, behind the page's lazy import.
  const checker = graph.chunks.find((chunk) => chunk.modules.includes("src/features/verify/VerifyChecker.tsx"));
  expect(checker?.modules).toContain("src/machines/verifier.ts");
  expect(graph.dynamicImports).toContainEqual({
    from: "src/features/verify/VerifyPage.tsx",
    to: "src/features/verify/VerifyChecker.tsx",
  });
});

test("the check page's signature check (src/signed) is a chunk of its own, asked for only with a signed fragment, without effect, xstate or React", () => {
  const holders = graph.chunks.filter((chunk) => chunk.modules.some((module) => module.startsWith("src/signed/")));
  expect(holders.map((chunk) => chunk.file)).toEqual([expect.stringMatching(/^assets\/signed-/)]);
  const signed = holders[0]!;
  expect(signed.modules).toContain("src/features/check/signed-check.ts");
  const heavy = modulesOf(closure([signed.file])).filter((m) =>
    /^node_modules\/(react|react-dom|scheduler|@tanstack|effect|xstate|@xstate)\//.test(m),
  );
  expect(heavy).toEqual([]);
  // The live check page's first load (its entry and what it preloads) does not hold it.
  const html = readFileSync(join(dist, "check", "student", "card", "[token].html"), "utf8");
  const first = [
    ...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  expect(first.length).toBeGreaterThan(0);
  expect(closure(first).has(signed.file)).toBe(false);
});

/**
 * On a plain-http page (the classroom's LAN address) the browser has no `crypto.subtle`: signatures are checked with
 * @noble/curves there. Its code comes only through src/signed/keys.ts's lazy import, never with a page or the check.
 */
test("the signature library for pages without WebCrypto (@noble) loads only through keys.ts's lazy import", () => {
  const isNoble = (module: string) =>
    module.startsWith("node_modules/@noble/") || module === "src/browser/p256-fallback.ts";
  const holders = graph.chunks.filter((chunk) => chunk.modules.some(isNoble));
  // Not vacuous: the library is in the build.
  expect(holders.length).toBeGreaterThan(0);
  for (const chunk of graph.chunks.filter((c) => !holders.includes(c)))
    expect(modulesOf(closure([chunk.file])).filter(isNoble), chunk.file).toEqual([]);
  const into = graph.dynamicImports.filter(({ to }) => holders.some((chunk) => chunk.file === chunkOf.get(to)));
  expect(new Set(into.map(({ from }) => from))).toEqual(new Set(["src/signed/keys.ts"]));
});

/**
 * No chunk asks V8 to compile all its functions as it loads (Chromium's explicit compile hint): on the checker's
 * chunks it did not move the verdict's CPU time or the signed check page's LCP by more than the runs' spread
 * (docs/performance.md, the A/B table), and it costs every page that loads the chunk.
 */
test("no chunk carries a compile hint", () => {
  const hinted = graph.chunks.filter((chunk) =>
    readFileSync(join(dist, chunk.file), "utf8").startsWith("//# allFunctionsCalledOnLoad"),
  );
  expect(hinted.map((chunk) => chunk.file)).toEqual([]);
});

/**
 * On a slow network each script of the live check page's first load costs a round trip, and a browser opens six
 * connections to a host: the scripts that draw the verdict (the entry, the libraries, the API layer, the kinds with
 * the check machine, the screen) come in a few chunks, not the bundler's dozen small ones (docs/performance.md).
 */
test("the live check page's first load asks for at most eight scripts", () => {
  const html = readFileSync(join(dist, "check", "student", "card", "[token].html"), "utf8");
  const first = [
    ...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const loaded = closure(first);
  // Not vacuous: the check page's own module is among them.
  expect(modulesOf(loaded)).toContain("src/entry/check-page.ts");
  expect([...loaded].length, [...loaded].join(", ")).toBeLessThanOrEqual(8);
});

/**
 * Each script of a wizard's first load is a request and a module the phone's main thread starts, receives and
 * compiles: the wizard's controls and what it shares with other screens come in a few chunks, not a dozen of a few
 * hundred bytes each.
 */
test("a wizard's first load asks for at most thirteen scripts", () => {
  const html = readFileSync(join(dist, "registration", "staff.html"), "utf8");
  const named =
    html
      .match(/data-scripts="([^"]*)"/)?.[1]
      ?.split(" ")
      .filter(Boolean) ?? [];
  const loaded = closure(named.map((href) => href.replace(/^\//, "")));
  // Not vacuous: the wizard's own modules are among them.
  expect(modulesOf(loaded)).toContain("src/features/registration/RegistrationWizard.tsx");
  expect([...loaded].length, [...loaded].join(", ")).toBeLessThanOrEqual(13);
});
