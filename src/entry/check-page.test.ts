// @own-modules
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/dom";
import { setApiBaseUrl } from "../api/base-url";
import { setKindRoutes } from "../api/paths";
import { sendEarlyCheck } from "../features/check/early-check";
import { CHECK_PATH_ATTRIBUTE } from "../features/check/check-target";
import { importLocale } from "../i18n/backend";
import { CHECK_SCREEN_NAMESPACES, CHECK_TRANSLATIONS_ID } from "../i18n/namespaces";
import { checkTarget, startCheckPage } from "./check-page";
import { h } from "../ui/dom";
import { cardToken, referenceData, studentCheck } from "../../tests/fixtures/entities";
import { BOOT } from "./boot-attributes";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The prerendered check page as the build writes it: the "checking…" screen and its translations inline. */
const prerenderedPage = async (inline = true) => {
  const bundles = Object.fromEntries(
    await Promise.all(CHECK_SCREEN_NAMESPACES.map(async (ns) => [ns, await importLocale("fr", ns)] as const)),
  );
  document.head.replaceChildren(
    ...(inline ? [h("script", { type: "application/json", id: CHECK_TRANSLATIONS_ID }, JSON.stringify(bundles))] : []),
  );
  const root = h(
    "div",
    { id: "root", [BOOT.prerendered]: "shown", [BOOT.static]: "check" },
    h("header", {}, h("a", { href: "/" }, "Campus Card")),
    h(
      "main",
      {},
      h(
        "div",
        { "data-check-view": true, "data-phase": "loading" },
        h("h1", {}, "Vérification de la carte"),
        h("p", { role: "status" }, "Vérification de la carte…"),
      ),
    ),
  );
  document.body.replaceChildren(root);
  return root;
};

describe("the check page's path", () => {
  it("gives the kind and the token decoded once", () => {
    expect(checkTarget(`/check/student/card/${encodeURIComponent(cardToken)}`)).toEqual({
      kind: "student",
      token: cardToken,
    });
    expect(checkTarget("/check/staff/card/a%2525b/")).toEqual({ kind: "staff", token: "a%25b" });
  });

  it("is not a check page with another kind, a malformed encoding or more segments", () => {
    expect(checkTarget("/check/alumni/card/abc")).toBeNull();
    expect(checkTarget("/check/student/card/%E0%A4%A")).toBeNull();
    expect(checkTarget("/check/student/card/abc/def")).toBeNull();
    expect(checkTarget("/auth")).toBeNull();
  });
});

describe("the check page without the app (live mode)", () => {
  const calls: Array<{ method: string; url: string; body: string }> = [];
  beforeEach(() => {
    calls.length = 0;
    history.pushState({}, "", `/check/student/card/${encodeURIComponent(cardToken)}`);
  });
  afterEach(() => {
    setApiBaseUrl("");
    setKindRoutes({});
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    document.body.replaceChildren();
  });

  const backend = (check: () => Response) =>
    vi.stubGlobal("fetch", async (sent: Request | string, init?: RequestInit) => {
      // The entry's early call passes a URL and options; the API layer a Request.
      const input = typeof sent === "string" ? new Request(sent, init) : sent;
      calls.push({ method: input.method, url: input.url, body: await input.clone().text() });
      const path = new URL(input.url).pathname;
      if (path === "/student/api/v1/checkcard/" || path === "/backend/etudiants/api/v1/checkcard/") return check();
      const list = /\/institution\/api\/v1\/(\w+)\//.exec(path)?.[1] as keyof typeof referenceData | undefined;
      return list && list in referenceData ? json(referenceData[list]) : json({ detail: "Not found." }, 404);
    });

  it("sends the token to the configured backend and shows the verdict, then the holder's labels", async () => {
    backend(() => json(studentCheck));
    const root = await prerenderedPage();
    await expect(startCheckPage(root, { mode: "live", apiBaseUrl: "https://api.example.cm" })).resolves.toBe(true);
    const heading = await waitFor(() => {
      const h1 = root.querySelector("h1");
      expect(h1?.textContent).toBe("Carte valide");
      return h1;
    });
    // The focus follows once the verdict is painted.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(root.getAttribute(BOOT.appReady)).toBe("static");
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "https://api.example.cm/student/api/v1/checkcard/",
      body: JSON.stringify({ tokenCard: encodeURIComponent(cardToken) }),
    });
    await waitFor(() => expect(root.textContent).toContain("Faculté des Sciences"));
    expect(root.textContent).not.toContain(studentCheck.email);
    // The prerendered header is kept: only the check screen was drawn.
    expect(root.querySelector("header a")?.textContent).toBe("Campus Card");
  });

  it("calls the check path config.json's kindPaths sets, early and once, not the prerendered default", async () => {
    backend(() => json(studentCheck));
    const root = await prerenderedPage();
    root.querySelector("[data-check-view]")?.setAttribute(CHECK_PATH_ATTRIBUTE, "/student/api/v1/checkcard/");
    const config = {
      mode: "live",
      apiBaseUrl: "https://api.example.cm/backend/",
      kindPaths: { student: { root: "/etudiants/api/v1", segment: "", check: "checkcard/" } },
    } as const;
    sendEarlyCheck(root, config);
    await expect(startCheckPage(root, config)).resolves.toBe(true);
    await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Carte valide"));
    const checks = calls.filter((call) => call.url.includes("checkcard"));
    expect(checks.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST https://api.example.cm/backend/etudiants/api/v1/checkcard/",
    ]);
  });

  it("fetches its translations when the page does not carry them, and offers Retry after a failure", async () => {
    let answers = 0;
    backend(() => (++answers === 1 ? json({ detail: "boom" }, 500) : json(studentCheck)));
    const root = await prerenderedPage(false);
    vi.stubGlobal(
      "fetch",
      ((inner: typeof fetch) => async (input: Request | string) => {
        // The locale files are modules under Vitest: answer their URLs from the sources.
        const url = typeof input === "string" ? input : input.url;
        const locale = /\/locales\/fr\/(\w+)\.json/.exec(url)?.[1];
        return locale ? json(await importLocale("fr", locale)) : inner(input as Request);
      })(globalThis.fetch),
    );
    await startCheckPage(root, { mode: "live", apiBaseUrl: "https://api.example.cm" });
    await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Vérification impossible"));
    expect(root.querySelector("[role=alert]")?.textContent).toMatch(/serveur/i);
    root.querySelector("button")!.click();
    await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Carte valide"));
  });

  it("leaves pages it cannot serve to the app", async () => {
    history.pushState({}, "", "/check/student/card/%E0%A4%A");
    const root = await prerenderedPage();
    await expect(startCheckPage(root, { mode: "live" })).resolves.toBe(false);
    expect(root.hasAttribute(BOOT.appReady)).toBe(false);
  });
});
