/**
 * The lowest Total Blocking Time a registration wizard's page can have while React takes it over, under the bench's
 * Lighthouse settings at the low tier (mobile, simulated slow 4G, CPU slowed by the host's benchmarkIndex ÷ 264):
 * measured on the built wizard's prerendered page with none of the app's code. Three pages:
 * - the prerendered page, no script;
 * - React evaluated after the first paint, then the same page rendered by React in a transition, replacing the
 *   prerendered one, as the app's start does (src/entry/start.tsx);
 * - the same, hydrating the prerendered page instead of replacing it.
 * It says what a wizard's TBT budget can ask of the app's own code, apart from the framework's share.
 *   node scripts/bench-tbt-floor.ts [build folder, default dist-bench] [--runs 5]
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import puppeteer from "puppeteer-core";
import { build, type Plugin } from "vite";
import { hostBenchmarkIndex, lowTierSlowdown } from "./lib/bench-calibration.ts";
import { floorRuns, launchChrome } from "./lib/floor-runs.ts";
import { registerTsHooks } from "./lib/ts-hooks.ts";

registerTsHooks();
const root = join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  options: { runs: { type: "string", default: "5" } },
  allowPositionals: true,
});
const RUNS = Math.max(1, Number(values.runs) || 5);
const dist = resolve(root, positionals[0] ?? "dist-bench");
const WIZARD = "registration/student.html";
if (!existsSync(join(dist, WIZARD))) {
  console.error(`bench-tbt-floor: no ${WIZARD} in ${dist}; build first (npx vite build --outDir ${dist})`);
  process.exit(1);
}

/**
 * The floor's script: the prerendered page's DOM read into React elements, React asked for after the first paint
 * and evaluated in a task of its own, then one transition that renders (or hydrates) that tree into #root.
 */
const entry = (how: "render" | "hydrate") => `
import { createElement, startTransition, useLayoutEffect } from "react";
const BOOLEAN = new Set(["disabled", "required", "hidden", "checked", "readonly", "multiple", "autofocus", "novalidate", "open", "selected"]);
const NAMES = { class: "className", for: "htmlFor", readonly: "readOnly", novalidate: "noValidate", tabindex: "tabIndex",
  maxlength: "maxLength", minlength: "minLength", autocomplete: "autoComplete", inputmode: "inputMode", spellcheck: "spellCheck",
  autocapitalize: "autoCapitalize", enterkeyhint: "enterKeyHint", crossorigin: "crossOrigin", fetchpriority: "fetchPriority" };
const camel = (name) => name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const style = (text) => Object.fromEntries(text.split(";").map((d) => d.split(":")).filter((d) => d.length > 1)
  .map(([k, ...v]) => [camel(k.trim()), v.join(":").trim()]));
const element = (node, key) => {
  if (node.nodeType === 3) return node.data;
  if (node.nodeType !== 1) return null;
  const props = { key };
  for (const { name, value } of node.attributes) {
    if (name === "style") props.style = style(value);
    else if (BOOLEAN.has(name)) props[NAMES[name] ?? name] = true;
    else if (name === "value" && node.localName !== "option" && node.localName !== "button") props.defaultValue = value;
    else props[NAMES[name] ?? name] = value;
  }
  if (node.localName === "input" && node.checked) props.defaultChecked = true;
  const children = Array.from(node.childNodes, element);
  return createElement(node.localName, props, ...(children.length > 0 && node.localName !== "textarea" ? children : []));
};
const container = document.getElementById("root");
// Marks the end of the commit, for the check before the runs; renders no element, so hydration still matches.
const Done = ({ children }) => {
  useLayoutEffect(() => document.documentElement.setAttribute("data-floor", "committed"), []);
  return children;
};
const tree = createElement(Done, null, ...Array.from(container.childNodes, element));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
new PerformanceObserver((list, observer) => {
  if (list.getEntriesByName("first-contentful-paint").length === 0) return;
  observer.disconnect();
  import("react-dom/client").then(async (client) => {
    await nextTask();
    startTransition(() => {
      ${how === "render" ? "client.createRoot(container).render(tree)" : "client.hydrateRoot(container, tree)"};
    });
  });
}).observe({ type: "paint", buffered: true });
`;

const virtual: Plugin = {
  name: "tbt-floor",
  resolveId: (id) => (id.startsWith("floor:") ? `\0${id}` : undefined),
  load: (id) => (id === "\0floor:render" ? entry("render") : id === "\0floor:hydrate" ? entry("hydrate") : undefined),
};
const out = mkdtempSync(join(tmpdir(), "tbt-floor-"));
await build({
  configFile: false,
  root,
  logLevel: "warn",
  plugins: [virtual],
  build: {
    outDir: out,
    emptyOutDir: true,
    modulePreload: false,
    rolldownOptions: {
      input: { render: "floor:render", hydrate: "floor:hydrate" },
      output: { entryFileNames: "assets/[name].js", chunkFileNames: "assets/[name]-[hash].js" },
    },
  },
});

const prerendered = readFileSync(join(dist, WIZARD), "utf8")
  .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "")
  .replace(/<script type="module"[^>]*><\/script>/, "")
  .replace('data-prerendered="pending"', 'data-prerendered="shown"');
const page = (script: string) =>
  script
    ? prerendered.replace("</head>", `<script type="module" src="/assets/${script}.js"></script></head>`)
    : prerendered;
const pages = {
  "/static": { label: "the prerendered wizard, no script", html: page("") },
  "/render": { label: "React replaces it with the same page (createRoot, a transition)", html: page("render") },
  "/hydrate": { label: "React hydrates it (hydrateRoot, a transition)", html: page("hydrate") },
} as const;
type Path = keyof typeof pages;
const isPath = (path: string): path is Path => path in pages;

const fileFor = (path: string) => {
  const name = path.slice("/assets/".length);
  if (!/^[\w.-]+$/.test(name)) return undefined;
  for (const folder of [join(out, "assets"), join(dist, "assets")])
    if (readdirSync(folder).includes(name)) return join(folder, name);
  return undefined;
};
const site = await new Promise<{ url: string; close: () => void }>((done) => {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const file = path.startsWith("/assets/") ? fileFor(path) : undefined;
    if (isPath(path)) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
      response.end(gzipSync(pages[path].html));
    } else if (file) {
      const type = file.endsWith(".css")
        ? "text/css"
        : file.endsWith(".js")
          ? "text/javascript"
          : "application/octet-stream";
      response.writeHead(200, { "content-type": type, "content-encoding": "gzip" });
      response.end(gzipSync(readFileSync(file)));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  server.listen(0, "127.0.0.1", () =>
    done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
  );
});

const chrome = await launchChrome();
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const probe = await browser.newPage();
  // Each page shows the same wizard, and React takes it over without an error.
  const errors: string[] = [];
  probe.on("pageerror", (error) => errors.push(String(error)));
  probe.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  const shown = async (path: Path) => {
    await probe.goto(site.url + path);
    if (path !== "/static") await probe.waitForSelector("html[data-floor]", { timeout: 15_000 });
    return probe.$eval("#root", (root) => [root.querySelectorAll("*").length, root.textContent].join(" "));
  };
  const expected = await shown("/static");
  for (const path of ["/render", "/hydrate"] as const)
    if ((await shown(path)) !== expected || errors.length > 0)
      throw new Error(`${path} does not show the prerendered wizard as it is: ${errors.join("; ")}`);
  const index = await hostBenchmarkIndex(probe);
  await probe.close();
  await browser.disconnect();
  const slowdown = lowTierSlowdown(index);
  console.log(
    `TBT floor of a wizard's page, Lighthouse mobile (simulated slow 4G), low tier: host benchmarkIndex ${index} ÷ 264 = CPU ×${slowdown}; ${RUNS} runs each, ${cpus()[0]?.model.trim()}:`,
  );
  for (const path of Object.keys(pages).filter(isPath)) {
    const runs = await floorRuns(site.url + path, {
      port: chrome.port,
      runs: RUNS,
      audit: "total-blocking-time",
      slowdown,
    });
    console.log(`  ${pages[path].label}: TBT ${runs}`);
  }
} finally {
  chrome.kill();
  site.close();
  rmSync(out, { recursive: true, force: true });
}
