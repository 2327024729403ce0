/**
 * The lowest LCP a check page can have under the bench's Lighthouse settings (mobile, simulated slow 4G, CPU 4×),
 * measured on pages with no app script at all: one heading; a verdict drawn by an inline script; a verdict drawn
 * once config.json and a same-origin POST answered; the same with the POST to another origin (a CORS preflight).
 * It says what a check page's LCP budget can ask of the page's own script, apart from the network's round trips.
 *   node scripts/bench-lcp-floor.ts [--runs 5]
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { floorRuns, launchChrome } from "./lib/floor-runs.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Math.max(1, Number(values.runs) || 5);

/** As long as a real verdict: the largest text on the page once it is drawn. */
const VERDICT =
  "Carte authentique et valide : NGONO Alice, étudiante, faculté des sciences, valable jusqu'au 30 septembre 2027. " +
  "Comparez la photo avec le porteur.";
const draw = `document.getElementById("verdict").textContent = ${JSON.stringify(VERDICT)};`;
/** config.json names the API; the check is a JSON POST, as the app sends it (spec §7). */
const checkThenDraw = [
  'fetch("/config.json").then((r) => r.json())',
  '.then((c) => fetch(c.api + "/student/api/v1/checkcard/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: "t" }) }))',
  `.then((r) => r.json()).then(() => { ${draw} });`,
].join("");

const page = (script: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vérification</title><link rel="preload" href="/config.json" as="fetch" crossorigin></head>
<body style="font-family: sans-serif; margin: 16px"><h1 style="font-size: 20px">Vérification d'une carte</h1>
<p id="verdict" style="font-size: 18px"></p><script>${script}</script></body></html>`;

const listen = (handle: (request: IncomingMessage, response: ServerResponse) => void) =>
  new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = createServer(handle);
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    );
  });

const answerCheck = (request: IncomingMessage, response: ServerResponse) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"valid":true}');
  });
};

const otherOrigin = await listen((request, response) => {
  response.setHeader("Access-Control-Allow-Origin", "*");
  response.setHeader("Access-Control-Allow-Headers", "content-type");
  response.setHeader("Access-Control-Allow-Methods", "POST");
  if (request.method === "OPTIONS") {
    response.writeHead(204);
    response.end();
  } else answerCheck(request, response);
});

const pages = {
  "/heading": { label: "one heading", script: "", api: "" },
  "/inline": { label: "verdict drawn by an inline script, no request", script: draw, api: "" },
  "/same-origin": { label: "config.json, then a same-origin POST, then the verdict", script: checkThenDraw, api: "" },
  "/cross-origin": {
    label: "config.json, then a POST to another origin (preflight), then the verdict",
    script: checkThenDraw,
    api: otherOrigin.url,
  },
} as const;
type Path = keyof typeof pages;
const isPath = (path: string): path is Path => path in pages;

let current: Path = "/heading";
const site = await listen((request, response) => {
  const path = request.url ?? "/";
  if (path === "/config.json") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ api: pages[current].api }));
  } else if (path.startsWith("/student/api/")) answerCheck(request, response);
  else if (isPath(path)) {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page(pages[path].script));
  } else {
    response.writeHead(404);
    response.end();
  }
});

const chrome = await launchChrome();
try {
  console.log(
    `LCP floor, Lighthouse mobile (simulated slow 4G, CPU 4×), ${RUNS} runs each, ${cpus()[0]?.model.trim()}:`,
  );
  for (const path of Object.keys(pages).filter(isPath)) {
    current = path;
    const runs = await floorRuns(site.url + path, {
      port: chrome.port,
      runs: RUNS,
      audit: "largest-contentful-paint",
    });
    console.log(`  ${pages[path].label}: ${runs}`);
  }
} finally {
  chrome.kill();
  site.close();
  otherOrigin.close();
}
