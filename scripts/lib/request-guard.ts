/**
 * What every server of `npm run demo` (static, classroom) and `npm run mock:api` does before a handler sees a
 * request: anyone on the room's network can send anything, and no input may stop the server. A target that is not
 * a plain path (`//`, absolute-form, `*`, NUL, bad percent-encoding) answers 400; a request that Node's parser
 * refuses (broken headers, bad lengths) answers 400 too; slow requests are cut.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";

/** Headers must arrive within this time, the whole request within REQUEST_TIMEOUT_MS (408 otherwise). */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

/** Origin-form only (RFC 9112 §3.2.1): one leading slash, printable ASCII, no NUL, no `//` authority trick. */
const ORIGIN_FORM = /^\/(?!\/)[\x21-\x7e]*$/;

/** The request's path and query as a URL on `base`, or null when the target is not one a browser sends. */
export const requestTarget = (req: IncomingMessage, base = "http://localhost"): URL | null => {
  const target = req.url ?? "";
  if (!ORIGIN_FORM.test(target)) return null;
  try {
    const url = new URL(target, base);
    // Percent-encoded NUL or an invalid escape in the path: no file or route has one.
    decodeURIComponent(url.pathname);
    return url.pathname.includes("%00") ? null : url;
  } catch {
    return null;
  }
};

export const refuse = (
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...headers, "Content-Type": "application/json", Connection: "close" });
  res.end(JSON.stringify({ detail }));
};

/**
 * An HTTP server with timeouts (checked every second, not Node's 30 s) and a 400 for what Node's parser refuses;
 * HTTPS with `tls` (the classroom's `--https`). A phone that refuses the certificate ends its own connection.
 */
export const createGuardedServer = (
  listener: RequestListener,
  tls?: { readonly key: Buffer; readonly cert: Buffer },
): Server => {
  const options = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1000,
  };
  const server = tls
    ? createTlsServer({ ...options, key: tls.key, cert: tls.cert }, listener)
    : createServer(options, listener);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (error.code === "ECONNRESET" && socket.destroyed)) return socket.destroy();
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    socket.end(
      `HTTP/1.1 ${status} ${status === 408 ? "Request Timeout" : status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  });
  return server;
};
