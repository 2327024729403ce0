import { describe, expect, it } from "vitest";
import { ConfigError, loadRuntimeConfig } from "./config";

const answering = (status: number, body = "") => async () => new Response(status === 404 ? "Not found" : body, { status });

describe("runtime config", () => {
  it("a built site without config.json fails closed: not configured, never the demo", async () => {
    const error = await loadRuntimeConfig(answering(404), { whenMissing: "fail" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ reason: "missing" });
  });

  it("the development server without config.json runs the demo", async () => {
    await expect(loadRuntimeConfig(answering(404), { whenMissing: "demo" })).resolves.toEqual({ mode: "demo" });
  });

  it("reads live and demo configs; refuses unusable ones", async () => {
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","apiBaseUrl":"https://h/backend/"}'))).resolves.toEqual({
      mode: "live",
      apiBaseUrl: "https://h/backend/",
    });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"demo","demoLatency":0}'))).resolves.toEqual({ mode: "demo", demoLatency: 0 });
    for (const body of ['{"mode":"prod"}', "not json", '{"mode":"demo","demoLatency":-1}']) {
      await expect(loadRuntimeConfig(answering(200, body))).rejects.toMatchObject({ reason: "invalid" });
    }
    await expect(loadRuntimeConfig(answering(500))).rejects.toMatchObject({ reason: "invalid" });
  });

  it("learns it is a classroom from the classroom server's live config only; the live app is unchanged without the flag", async () => {
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","apiBaseUrl":"","classroom":true}'))).resolves.toEqual({ mode: "live", apiBaseUrl: "", classroom: true });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","classroom":false}'))).resolves.toEqual({ mode: "live" });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"demo","classroom":true}'))).resolves.toEqual({ mode: "demo" });
    await expect(loadRuntimeConfig(answering(200, '{"mode":"live","classroom":"yes"}'))).rejects.toMatchObject({ reason: "invalid" });
  });
});
