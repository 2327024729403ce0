import { expect, type BrowserContext, type Page, type Route } from "@playwright/test";
import * as fx from "../../fixtures/entities";

/**
 * A stub backend for the reliability and security gates (issue "Quality gates" item 3) on the built app.
 *
 * The demo backend (Mirage) answers inside the page, out of Playwright's sight; so these tests run the build in
 * live mode against a stub backend made of `page.route` handlers (the fixtures of tests/fixtures/entities.ts),
 * where each test breaks one answer (a 5xx, a 404, a malformed body) and counts what the app sends.
 *
 * Retries (GET retried twice with backoff on network failure and 5xx; POST, PUT, DELETE never) and the timeout
 * are unit-tested in src/api/request.test.ts and src/api/fuzz.test.ts.
 */

type Kind = "student" | "staff" | "teacher";

export interface Sent {
  readonly method: string;
  readonly path: string;
  readonly url: string;
}

export interface Answer {
  readonly status?: number;
  readonly json?: unknown;
  readonly body?: string | Buffer;
  readonly contentType?: string;
  /** Answered once this settles: the test holds the answer (a button stays pending) for as long as it needs. */
  readonly hold?: Promise<void>;
}

/** A held answer: the stub waits until the test calls `release()`. */
export const gate = () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
};

type Override = readonly [method: string, path: RegExp, answer: Answer | ((sent: Sent) => Answer)];

const kindRoots: Record<
  Kind,
  { demands: string; cards: string; check: string; demand: unknown; card: unknown; checked: unknown }
> = {
  student: {
    demands: "/student/api/v1/demand/",
    cards: "/student/api/v1/card/",
    check: "/student/api/v1/checkcard/",
    demand: fx.studentDemand,
    card: fx.studentCard,
    checked: fx.studentCheck,
  },
  staff: {
    demands: "/staff/api/v1/demand/personnel/",
    cards: "/staff/api/v1/card/personnel/",
    check: "/staff/api/v1/checkcard/personnel",
    demand: fx.staffDemand,
    card: fx.staffCard,
    checked: fx.staffCheck,
  },
  teacher: {
    demands: "/teacher/api/v1/demand/teacher/",
    cards: "/teacher/api/v1/card/teacher/",
    check: "/teacher/api/v1/checkcard/teacher",
    demand: fx.teacherDemand,
    card: fx.teacherCard,
    checked: fx.teacherCheck,
  },
};

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The stub backend's normal answers. */
const normalAnswer = ({ method, path }: Sent): Answer => {
  // Answered at once on purpose: the app must navigate even when sign-in completes before its lazily loaded
  // session navigator has subscribed.
  if (method === "POST" && path === "/api/token/") return { json: fx.token };
  if (method === "POST" && path === "/api/token/logout/") return { status: 204 };
  if (path === "/base/api/v1/appuser/profile/") return { json: fx.profile };
  if (path === "/base/api/v1/stats/") return { json: fx.stats };
  if (path === "/base/api/v1/appuser/get_agent/") return { json: [fx.agent] };
  if (method === "POST" && path === "/base/api/v1/appuser/create_agent/")
    return { status: 201, json: { ...fx.agent, id: 99, username: "qa.agent" } };
  if (/^\/base\/api\/v1\/appuser\/\d+\/$/.test(path)) return method === "DELETE" ? { status: 204 } : { json: {} };
  const reference = /^\/institution\/api\/v1\/(\w+)\/$/.exec(path);
  if (reference) return { json: fx.referenceData[reference[1] as keyof typeof fx.referenceData] ?? [] };
  for (const root of Object.values(kindRoots)) {
    if (path === root.check) return { json: root.checked };
    if (path === `${root.demands}submit/`) return { status: 201, json: fx.submitted };
    if (path === root.demands) return { json: fx.pageOf([root.demand as never]) };
    if (path.startsWith(root.demands) && /\/validation(_simple)?\/$/.test(path)) return { json: fx.validated };
    if (path.startsWith(root.demands)) return { json: root.demand };
    if (path === root.cards) return { json: fx.pageOf([root.card as never]) };
    if (path.startsWith(root.cards) && path.endsWith("/pdf/")) return { body: PDF, contentType: "application/pdf" };
    if (path.startsWith(root.cards) && path.endsWith("/notify_print/")) return { json: fx.printCount };
    if (path.startsWith(root.cards)) return { json: root.card };
  }
  return { status: 404, json: { detail: "Not found." } };
};

const API = /^\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//;

/** Live mode against the stub backend; answers the list of API requests it received. */
export const stubBackend = async (
  target: Page | BrowserContext,
  overrides: readonly Override[] = [],
): Promise<Sent[]> => {
  const sent: Sent[] = [];
  await target.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: "" } }));
  await target.route(
    (url) => API.test(url.pathname),
    async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const entry: Sent = { method: request.method(), path: url.pathname, url: request.url() };
      sent.push(entry);
      const override = overrides.find(([method, path]) => method === entry.method && path.test(entry.path));
      const answer = override
        ? typeof override[2] === "function"
          ? override[2](entry)
          : override[2]
        : normalAnswer(entry);
      if (answer.hold) await answer.hold;
      const status = answer.status ?? 200;
      if (answer.json !== undefined)
        await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(answer.json) });
      else
        await route.fulfill({ status, contentType: answer.contentType ?? "application/json", body: answer.body ?? "" });
    },
  );
  return sent;
};

/** Uncaught errors of a page, checked at the end of a test. */
export const watchErrors = (page: Page) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
};

export const signIn = async (page: Page, redirect?: string) => {
  await page.goto(redirect === undefined ? "/auth" : `/auth?redirect=${encodeURIComponent(redirect)}`);
  await page.locator("input[name=username]").fill("admin");
  await page.locator("input[name=password]").fill("Admin@2026");
  await page.locator("form button[type=submit]").click();
};

/** The screen shows `text` (French), #root is not empty and no raw i18n key leaks. */
export const expectTranslatedError = async (page: Page, text: string | RegExp) => {
  await expect(page.getByText(text).first()).toBeVisible();
  expect((await page.locator("#root").innerText()).trim().length).toBeGreaterThan(20);
  expect(await page.locator("#root").innerText()).not.toMatch(
    /\b(errors|validation|common|card|demand|check|agent|profile|dashboard|registration):[a-zA-Z]/,
  );
};

export const malformed = { json: { unexpected: true, results: "nope" } };
export const server500 = { status: 500, json: { detail: "boom" } };
