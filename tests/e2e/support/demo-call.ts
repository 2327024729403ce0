import type { Page } from "@playwright/test";

/**
 * A call to the backend of the page's site, as the administrator: the demo backend answering in the page (demo mode)
 * or the classroom server. What a back office would do beside the screen under test. The answer's bytes, base64
 * (a PDF as well as JSON).
 */
export const demoCall = async (page: Page, path: string, init: { method?: string; body?: unknown } = {}) => {
  // In demo mode the backend starts after the page is the app's (boot.ts): until then a call would reach the
  // static host. A classroom's server (live mode) is there all along.
  const demo = await page.evaluate(async () => {
    const config: unknown = await (await fetch("/config.json")).json();
    return typeof config === "object" && config !== null && "mode" in config && config.mode === "demo";
  });
  if (demo) await page.waitForFunction(() => "__campusDemo" in globalThis);
  return page.evaluate(
    async ({ path, init }) => {
      const token = await fetch("/api/token/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
      }).then((r) => r.json() as Promise<{ access: string }>);
      const answer = await fetch(path, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token.access}`, "content-type": "application/json" },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      let binary = "";
      bytes.forEach((b) => (binary += String.fromCharCode(b)));
      return btoa(binary);
    },
    { path, init },
  );
};

/** The same call, its JSON answer read. */
export const demoJson = async <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  JSON.parse(Buffer.from(await demoCall(page, path, init), "base64").toString("utf8")) as T;
