// @own-modules
// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { htmlFor } from "../../scripts/lib/html-routes";
import { fileFor, pageHtml, prerenderBrowser } from "../../scripts/lib/prerender";
import { prerenderedPages } from "../../src/app/prerendered-routes";

const shell = `<!doctype html>
<html lang="fr">
  <head>
    <title>Campus Card</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">
    <link rel="preload" href="/images/hero-card.svg" as="image" fetchpriority="high">
    <link rel="preload" href="/assets/common-D.json" as="fetch" crossorigin="anonymous">
    <link rel="modulepreload" crossorigin href="/assets/framework-E.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("a prerendered page's document", () => {
  const landing = pageHtml(shell, '<main><h1>Bienvenue</h1><img src="/images/hero-card.svg" alt=""></main>', {
    scripts: ["/assets/framework-E.js", "/assets/landing-F.js"],
    data: ["/assets/home-H.json"],
  });
  const login = pageHtml(shell, "<main><h1>Connexion</h1></main>", { scripts: ["/assets/auth-G.js"], data: [] });

  it("carries the page's HTML in a root marked as prerendered", () => {
    expect(landing).toContain('<main><h1>Bienvenue</h1><img src="/images/hero-card.svg" alt=""></main></div>');
    expect(landing).toMatch(/<div id="root" data-prerendered="pending" data-scripts="[^"]*">/);
  });

  it("marks the landing page static (kept without the app in live mode), the check pages light, and no other", () => {
    expect(pageHtml(shell, "<main></main>", { scripts: [], data: [] }, { static: "page" })).toMatch(
      /<div id="root" data-prerendered="pending" data-static="page" /,
    );
    expect(landing).not.toContain("data-static");
    expect(prerenderedPages.filter((page) => page.static === "page").map((page) => page.path)).toEqual(["/", "/home"]);
    expect(prerenderedPages.filter((page) => page.static === "check").map((page) => page.path)).toEqual(
      prerenderedPages.filter((page) => page.path.startsWith("/check/")).map((page) => page.path),
    );
  });

  it("is hidden until the entry script has checked the reader's language, and shown when scripts are off", () => {
    expect(readFileSync(join(import.meta.dirname, "../../src/styles.css"), "utf8")).toMatch(
      /#root\[data-prerendered="pending"\] \{\s*visibility: hidden;/,
    );
    expect(landing).toContain("<noscript><style>#root[data-prerendered] { visibility: visible; }</style></noscript>");
  });

  it("keeps what the first paint needs: styles, the entry script, and images the page shows", () => {
    for (const page of [landing, login]) {
      expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
      expect(page).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    }
    expect(landing).toContain('href="/images/hero-card.svg" as="image"');
    expect(login).not.toContain("hero-card.svg");
  });

  it("asks for nothing else before the paint: no preloaded data or scripts in the head", () => {
    for (const page of [landing, login]) {
      const head = page.slice(0, page.indexOf("</head>"));
      expect(head).not.toContain("modulepreload");
      expect(head).not.toContain('as="fetch"');
    }
  });

  it("names the scripts the app loads after the paint: the shell's and the page's own, once each", () => {
    const scripts = (page: string) => /data-scripts="([^"]*)"/.exec(page)?.[1]?.split(" ");
    expect(scripts(landing)).toEqual(["/assets/boot-B.js", "/assets/framework-E.js", "/assets/landing-F.js"]);
    expect(scripts(login)).toEqual(["/assets/boot-B.js", "/assets/framework-E.js", "/assets/auth-G.js"]);
  });

  it("is written where hosting finds it", () => {
    expect(fileFor({ path: "/" })).toBe("index.html");
    expect(fileFor({ path: "/auth" })).toBe("auth.html");
    expect(fileFor({ path: "/registration/student" })).toBe("registration/student.html");
    expect(fileFor({ path: "/check/staff/card/-", file: "check/staff/card/[token].html" })).toBe(
      "check/staff/card/[token].html",
    );
  });

  it("covers the public pages, the check pages as one template per kind, and no page behind a login", () => {
    const paths = prerenderedPages.map((page) => page.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/auth", "/registration", "/privacy", "/registration/student", "/terms/teacher"]),
    );
    expect(prerenderedPages.filter((page) => page.path.startsWith("/check/")).map(fileFor)).toEqual([
      "check/student/card/[token].html",
      "check/staff/card/[token].html",
      "check/teacher/card/[token].html",
    ]);
    expect(paths.some((path) => path.startsWith("/dashboard"))).toBe(false);
  });
});

describe("an eager page's document (the check page, waiting on the API)", () => {
  const check = pageHtml(
    shell,
    "<main><p>Vérification…</p></main>",
    { scripts: ["/assets/framework-E.js", "/assets/check-I.js"], data: ["/assets/check-J.json"] },
    { eager: true },
  );
  const head = check.slice(0, check.indexOf("</head>"));

  it("asks for the app's scripts, its translations and config.json with the HTML", () => {
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/framework-E.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/check-I.js">');
    expect(head).toContain('<link rel="preload" href="/assets/check-J.json" as="fetch" crossorigin="anonymous">');
    expect(head).toContain('<link rel="preload" href="/config.json" as="fetch"');
    expect(head).not.toContain("common-D.json");
    expect(head.match(/framework-E\.js/g)).toHaveLength(1);
  });

  it("is shown without scripts too", () => {
    expect(head).toContain("<noscript><style>#root[data-prerendered] { visibility: visible; }</style></noscript>");
  });

  it("starts the app at once", () => {
    expect(check).toContain(
      '<div id="root" data-prerendered="pending" data-start="now"><main><p>Vérification…</p></main></div>',
    );
  });
});

describe("a light check page's document (live mode draws its answer without the app)", () => {
  const assets: Record<string, string> = {
    "/assets/common-D.json": '{"actions":{"retry":"Réessayer"}}',
    "/assets/errors-K.json": '{"generic":"Erreur"}',
    "/assets/check-J.json": '{"title":"Vérification </script><script>alert(1)</script>"}',
  };
  const check = pageHtml(
    shell,
    "<main><p>Vérification…</p></main>",
    {
      scripts: ["/assets/framework-E.js", "/assets/check-I.js"],
      data: ["/assets/common-D.json", "/assets/nav-L.json", "/assets/errors-K.json", "/assets/check-J.json"],
    },
    {
      eager: true,
      static: "check",
      checkScripts: ["/assets/boot-B.js", "/assets/effect-M.js", "/assets/light-N.js"],
      readAsset: (path) => assets[path] ?? "",
    },
  );
  const head = check.slice(0, check.indexOf("</head>"));

  it("asks for the light screen's scripts with the HTML, not the app's", () => {
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/effect-M.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/light-N.js">');
    expect(head.match(/boot-B\.js/g)).toHaveLength(1);
    expect(head).not.toContain("framework-E.js");
    expect(head).not.toContain("check-I.js");
    expect(head.indexOf("effect-M.js")).toBeLessThan(head.indexOf("/config.json"));
  });

  it("names the app's scripts on the root, for visitors who get the app (demo mode, English readers, agents)", () => {
    const root = /<div id="root"([^>]*)>/.exec(check)?.[1] ?? "";
    expect(root).toContain('data-static="check"');
    expect(root).toContain('data-start="now"');
    expect(/data-scripts="([^"]*)"/.exec(root)?.[1]?.split(" ")).toEqual([
      "/assets/framework-E.js",
      "/assets/check-I.js",
    ]);
  });

  it("carries its three namespaces inside the HTML, as data nothing can break out of", () => {
    expect(head).not.toMatch(/<link rel="preload" href="\/assets\/[^"]*\.json"/);
    const block = /<script type="application\/json" id="check-translations">([^<]*)<\/script>/.exec(head);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({
      common: { actions: { retry: "Réessayer" } },
      errors: { generic: "Erreur" },
      check: { title: "Vérification </script><script>alert(1)</script>" },
    });
    expect(head).not.toContain("<script>alert(1)");
  });
});

describe("which HTML answers a URL", () => {
  const root = mkdtempSync(join(tmpdir(), "campus-html-"));
  mkdirSync(join(root, "registration"));
  mkdirSync(join(root, "assets"));
  mkdirSync(join(root, "check/student/card"), { recursive: true });
  for (const file of [
    "index.html",
    "spa.html",
    "auth.html",
    "registration/student.html",
    "assets/app.js",
    "check/student/card/[token].html",
  ]) {
    writeFileSync(join(root, file), "x");
  }

  it("answers a prerendered page with its HTML, and / with index.html", () => {
    expect(htmlFor(root, "/")).toBe("/index.html");
    expect(htmlFor(root, "/auth")).toBe("/auth.html");
    expect(htmlFor(root, "/auth/")).toBe("/auth.html");
    expect(htmlFor(root, "/registration/student")).toBe("/registration/student.html");
  });

  it("answers a parameterised page with its folder's template", () => {
    expect(htmlFor(root, "/check/student/card/abc-123")).toBe("/check/student/card/[token].html");
    expect(htmlFor(root, "/check/staff/card/abc")).toBe("/spa.html");
  });

  it("answers every other page with the empty app shell, never with the landing page", () => {
    expect(htmlFor(root, "/dashboard/student/card")).toBe("/spa.html");
    expect(htmlFor(root, "/registration")).toBe("/spa.html");
    expect(htmlFor(root, "/../../etc/passwd")).toBe("/spa.html");
  });

  it("leaves files alone", () => {
    expect(htmlFor(root, "/assets/app.js")).toBeNull();
    expect(htmlFor(root, "/index.html")).toBeNull();
  });

  it("falls back to index.html in a build without prerendering", () => {
    const plain = mkdtempSync(join(tmpdir(), "campus-html-"));
    writeFileSync(join(plain, "index.html"), "x");
    expect(htmlFor(plain, "/dashboard")).toBe("/index.html");
  });
});

describe("the prerendering's browser", () => {
  it("is the headless shell the browser tests use when installed, else the desktop Chromium, else what CHROMIUM_PATH names", () => {
    const installed = (paths: readonly string[]) => (path: string) => paths.includes(path);
    expect(prerenderBrowser({}, installed(["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]))).toBe(
      "/usr/bin/chromium-headless-shell",
    );
    expect(prerenderBrowser({}, installed(["/usr/bin/chromium"]))).toBe("/usr/bin/chromium");
    expect(prerenderBrowser({ CHROMIUM_PATH: "/opt/chrome" }, installed(["/usr/bin/chromium"]))).toBe("/opt/chrome");
  });
});
