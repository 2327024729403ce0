import { afterEach, describe, expect, it, vi } from "vitest";
import { sendEarly, takeEarly } from "./early-call";

const url = "https://api.example.cm/student/api/v1/checkcard/";
const post = (body: unknown, to = url) =>
  new Request(to, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

afterEach(() => vi.unstubAllGlobals());

describe("a call sent before the API layer loaded", () => {
  it("answers the identical call once, which then sends nothing of its own", async () => {
    const answer = new Response("{}", { status: 200 });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal("fetch", fetch);
    sendEarly("POST", url, { tokenCard: "abc" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      url,
      expect.objectContaining({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"tokenCard":"abc"}',
      }),
    ]);

    expect(await takeEarly(post({ tokenCard: "abc" }))).toBe(answer);
    expect(await takeEarly(post({ tokenCard: "abc" }))).toBeNull();
  });

  it("leaves any other call alone (another body, another URL, another method)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    sendEarly("POST", url, { tokenCard: "abc" });
    expect(await takeEarly(post({ tokenCard: "other" }))).toBeNull();
    expect(await takeEarly(post({ tokenCard: "abc" }, `${url}x/`))).toBeNull();
    expect(await takeEarly(new Request(url))).toBeNull();
    expect(await takeEarly(post({ tokenCard: "abc" }))).not.toBeNull();
  });

  it("is stopped when the call that took it is (the layer's timeout)", async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => ((signal = init.signal ?? undefined), new Response("{}"))),
    );
    sendEarly("POST", url, { tokenCard: "abc" });
    const controller = new AbortController();
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"tokenCard":"abc"}',
      signal: controller.signal,
    });
    await takeEarly(request);
    controller.abort();
    expect(signal?.aborted).toBe(true);
  });
});
