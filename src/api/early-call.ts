/**
 * A call the entry script sends before the API layer has loaded (the live check page's check, which the page
 * waits for): the layer's fetch (runtime.ts) then takes its answer instead of sending the same call again. Only
 * an identical call (method, URL, body) takes it, and only once. No imports: the entry loads this.
 */
interface EarlyCall {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly answer: Promise<Response>;
  readonly controller: AbortController;
}

let pending: EarlyCall | null = null;

/** Sends a JSON call now, as the API layer would send it (method, URL, `content-type`, body). */
export const sendEarly = (method: "POST", url: string, json: unknown): void => {
  const body = JSON.stringify(json);
  const controller = new AbortController();
  const answer = globalThis.fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body,
    signal: controller.signal,
  });
  // A failure reaches whoever takes the answer; nobody may, if the page goes elsewhere first.
  answer.catch(() => {});
  pending = { method, url, body, answer, controller };
};

/** The early answer to `request` when it is the call sent early (then forgotten); null otherwise. */
export const takeEarly = async (request: Request): Promise<Response | null> => {
  const call = pending;
  if (!call || request.method !== call.method || request.url !== call.url) return null;
  if ((await request.clone().text()) !== call.body) return null;
  pending = null;
  // The layer's timeout (or a cancel) stops the early call as it would have stopped its own.
  request.signal.addEventListener("abort", () => call.controller.abort(request.signal.reason), { once: true });
  return call.answer;
};
