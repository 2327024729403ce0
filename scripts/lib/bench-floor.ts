/**
 * The floors the bench (scripts/bench.ts) prints beside its budgets: what the browser itself must do for the same
 * result with no app script, measured in the same run.
 *
 * - The check page's LCP: a verdict page with no script at all, the verdict in its HTML, as large as a real one,
 *   under the same Lighthouse settings: the network's round trips and the paint, none of the app's work.
 * - A page load: the page's final HTML (once the app has rendered it) with its scripts taken out, served at the same
 *   address and loaded the same way (scripts/lib/bench-pages.ts): its busy time after the first paint is the
 *   browser's own (parsing, style, layout, paint).
 * - An interaction: the page's HTML just before the input, served at the same address, where one listener makes the
 *   changes that turn it into the HTML once the answer painted, on the same trusted input, measured with the same
 *   marks (scripts/lib/bench-interaction.ts): the style, layout and paint of that change.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "puppeteer-core";

const VERDICT =
  "Carte authentique et valide : NGONO Alice, étudiante, faculté des sciences, valable jusqu'au 30 septembre 2027. " +
  "Comparez la photo avec le porteur.";

const PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vérification</title></head>
<body style="font-family: sans-serif; margin: 16px"><h1 style="font-size: 20px">Vérification d'une carte</h1>
<p style="font-size: 18px">${VERDICT}</p></body></html>`;

/** Serves the floor page at `/` on 127.0.0.1. */
export const serveFloor = () =>
  new Promise<{ readonly url: string; readonly close: () => void }>((resolve) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(PAGE);
    });
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    );
  });

/**
 * The page's HTML as it is now, without its scripts (nor their preloads): what a floor serves. A photo the app
 * shows from a blob: URL, which dies with the page, goes into the HTML itself (a data: URL).
 */
export const pageHtml = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    // An inert copy: its images load nothing in this page.
    const copy = new DOMParser().parseFromString(document.documentElement.outerHTML, "text/html");
    for (const script of copy.querySelectorAll('script, link[rel="modulepreload"]')) script.remove();
    for (const image of copy.querySelectorAll<HTMLImageElement>('img[src^="blob:"]')) {
      const blob = await fetch(image.src).then(
        (response) => response.blob(),
        () => null,
      );
      if (blob)
        image.src = await new Promise<string>((done) => {
          const reader = new FileReader();
          reader.onload = () => done(typeof reader.result === "string" ? reader.result : "");
          reader.readAsDataURL(blob);
        });
    }
    return `<!doctype html>${copy.documentElement.outerHTML}`;
  });

const HEAD = /<head[\s>][\s\S]*?<\/head>/;

/**
 * `before` with the head of `after`: the stylesheets the answer needed (a chunk's, loaded on the way) are there
 * before the input, so that the floor measures the change's style, layout and paint, not a stylesheet's download.
 */
export const withHeadOf = (before: string, after: string): string => {
  const head = HEAD.exec(after)?.[0];
  return head === undefined ? before : before.replace(HEAD, () => head);
};

/** One step of what an answer changed: a node replaced, an element's attributes, a node removed or appended. */
export type DomChange =
  | { readonly replace: ChildNode; readonly by: Node }
  | { readonly element: Element; readonly attributesOf: Element }
  | { readonly remove: ChildNode }
  | { readonly parent: Element; readonly append: Node };

/**
 * What turns `before` into `after`, as a renderer would do it: equal nodes are kept, an element of the same tag
 * keeps its place (its attributes taken, its children compared in order), any other node is replaced; children
 * beyond the other's count are removed or appended. Runs in the floor page (serialised), so it uses nothing from
 * outside itself.
 */
export const domChanges = (before: Node, after: Node): DomChange[] => {
  const changes: DomChange[] = [];
  const walk = (from: ChildNode, to: Node) => {
    if (from.isEqualNode(to)) return;
    if (from.nodeType !== 1 || to.nodeType !== 1 || from.nodeName !== to.nodeName) {
      changes.push({ replace: from, by: to });
      return;
    }
    if (!from.cloneNode(false).isEqualNode(to.cloneNode(false)))
      changes.push({ element: from as Element, attributesOf: to as Element });
    const next = [...to.childNodes];
    for (const [i, node] of [...from.childNodes].entries()) {
      const counterpart = next[i];
      if (counterpart) walk(node, counterpart);
      else changes.push({ remove: node });
    }
    for (const node of next.slice(from.childNodes.length)) changes.push({ parent: from as Element, append: node });
  };
  walk(before as ChildNode, after);
  return changes;
};

/**
 * Runs `work` (a navigation of `page` to `url`) with `html` answering that address instead of the server, once
 * (the service worker bypassed); `work` alone when `html` is undefined.
 */
export const servingOnce = async <T>(page: Page, url: string, html: string | undefined, work: () => Promise<T>) => {
  if (html === undefined) return work();
  const cdp = await page.createCDPSession();
  const address = url.split("#")[0] ?? url;
  cdp.on("Fetch.requestPaused", ({ requestId }) => {
    const body = Buffer.from(html).toString("base64");
    const headers = [{ name: "content-type", value: "text/html; charset=utf-8" }];
    void cdp.send("Fetch.fulfillRequest", { requestId, responseCode: 200, responseHeaders: headers, body });
  });
  await cdp.send("Fetch.enable", {
    patterns: [{ urlPattern: address.replace(/[*?\\]/g, "\\$&"), resourceType: "Document" }],
  });
  await page.setBypassServiceWorker(true);
  try {
    return await work();
  } finally {
    await page.setBypassServiceWorker(false);
    await cdp.send("Fetch.disable");
    await cdp.detach();
  }
};

/** The floor page's one listener: on the next trusted click or Enter, the answer's changes are made, nothing else. */
const armSwap = (changesOf: typeof domChanges, html: string) => {
  // Worked out and parsed ahead of the input: what is left for it is the DOM change, its style, layout and paint.
  const changes = changesOf(document.body, new DOMParser().parseFromString(html, "text/html").body).map((change) =>
    "by" in change
      ? { ...change, by: document.importNode(change.by, true) }
      : "append" in change
        ? { ...change, append: document.importNode(change.append, true) }
        : change,
  );
  const swap = (event: Event) => {
    if (!event.isTrusted || (event instanceof KeyboardEvent && event.key !== "Enter")) return;
    // No form sent, no link followed: the floor page stays.
    event.preventDefault();
    removeEventListener("click", swap);
    removeEventListener("keydown", swap);
    for (const change of changes) {
      if ("by" in change) change.replace.replaceWith(change.by);
      else if ("remove" in change) change.remove.remove();
      else if ("append" in change) change.parent.append(change.append);
      else {
        const { element, attributesOf } = change;
        for (const name of element.getAttributeNames())
          if (!attributesOf.hasAttribute(name)) element.removeAttribute(name);
        for (const { name, value } of attributesOf.attributes) element.setAttribute(name, value);
      }
    }
  };
  // Last in the input's dispatch (the window, bubbling): after the measure's own listener has seen the input.
  addEventListener("click", swap);
  addEventListener("keydown", swap);
};

/**
 * Arms the floor page open on `page` to make, on the input, the changes that turn it into `after`. One
 * expression evaluated by the debugging protocol, which the page's Content-Security-Policy (no eval) lets through.
 */
export const swapOnInput = async (page: Page, after: string): Promise<void> => {
  await page.evaluate(`(${armSwap.toString()})(${domChanges.toString()}, ${JSON.stringify(after)})`);
};
