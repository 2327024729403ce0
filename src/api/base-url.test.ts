// @own-modules
// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { setApiBaseUrl } from "./base-url";
import { getReferenceList } from "./endpoints/reference";

afterEach(() => {
  setApiBaseUrl("");
  vi.unstubAllGlobals();
});

describe("the boot's API base URL", () => {
  it("sends public calls (no session started) to the configured backend, not to the page's origin", async () => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (input: Request | string) => {
      urls.push(typeof input === "string" ? input : input.url);
      return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    });
    setApiBaseUrl("https://api.example.cm");
    await getReferenceList("faculty");
    setApiBaseUrl("https://other.example.cm");
    await getReferenceList("faculty");
    expect(urls.map((url) => new URL(url).origin)).toEqual(["https://api.example.cm", "https://other.example.cm"]);
  });
});

describe("an apiBaseUrl with a path (a backend behind /backend/)", () => {
  const sentTo = async (base: string) => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (input: Request | string) => {
      urls.push(typeof input === "string" ? input : input.url);
      return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    });
    setApiBaseUrl(base);
    await getReferenceList("faculty");
    return urls[0];
  };

  it.each([
    ["https://host.example/backend/", "https://host.example/backend/institution/api/v1/faculty/?no_pagination=true"],
    ["https://host.example/backend", "https://host.example/backend/institution/api/v1/faculty/?no_pagination=true"],
    ["https://host.example", "https://host.example/institution/api/v1/faculty/?no_pagination=true"],
    ["https://host.example/", "https://host.example/institution/api/v1/faculty/?no_pagination=true"],
    ["", "http://localhost/institution/api/v1/faculty/?no_pagination=true"],
  ])("%s: calls go below it (%s)", async (base, expected) => {
    expect(await sentTo(base)).toBe(expected);
  });
});
