/**
 * The check page's floor (scripts/bench.ts): a verdict page with no script at all, the verdict in its HTML, as large
 * as a real one. Its LCP under the same Lighthouse settings, measured in the same run, is what the check page's LCP
 * budgets are multiples of: the network's round trips and the paint, none of the app's work.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

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
