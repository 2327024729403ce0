/**
 * The back office in the benchmark (scripts/bench.ts): a signed-in agent in the bench's Chromium (demo mode, so
 * the session lives in that origin's local storage), and the CPU time an agent waits on after an input for the
 * demand list or the next demand to show (scripts/lib/bench-interaction.ts).
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { cpuOfInteraction, withFloor, type Answer, type Input, type Measure } from "./bench-interaction.ts";

const LIST = "/dashboard/student/demand";

const connect = (port: number): Promise<Browser> =>
  puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: { width: 1280, height: 900 } });

export const withPage = async <T>(port: number, use: (page: Page) => Promise<T>): Promise<T> => {
  const browser = await connect(port);
  const page = await browser.newPage();
  try {
    return await use(page);
  } finally {
    await page.close();
    await browser.disconnect();
  }
};

/** The demand list's first rows, once drawn. */
const waitForRows = (page: Page) => page.waitForSelector("table tr:nth-child(5) a", { timeout: 60_000 });

/** Signs the demo admin in on `page`; the session stays in the origin's local storage for what follows. */
export const signInOn = async (page: Page, origin: string): Promise<void> => {
  await page.goto(`${origin}/auth`, { waitUntil: "networkidle0", timeout: 120_000 });
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', "admin");
  await page.type('input[name="password"]', "Admin@2026");
  await page.click('form button[type="submit"]');
  await page.waitForFunction(() => location.pathname.startsWith("/dashboard"), { timeout: 60_000 });
};

/** The validation screen of the demand list's first pending demand, read on a signed-in `page`. */
export const pendingDemandPathOn = async (page: Page, origin: string): Promise<string> => {
  await page.goto(`${origin}${LIST}?filter=no_validated`, { waitUntil: "networkidle0", timeout: 120_000 });
  await waitForRows(page);
  const href = await page.$eval("table tr:nth-child(2) a", (a) => a.getAttribute("href") ?? "");
  if (!href.includes("/validation/")) throw new Error(`no validation link in the list (${href})`);
  return href;
};

/** Signs the demo admin in, in the bench's browser (reached by its debugging port). */
export const signIn = (port: number, origin: string): Promise<void> => withPage(port, (page) => signInOn(page, origin));

/** The list's first row shows another demand, once the grid is no longer busy. */
const listAnswered: Answer = { selector: "table tr", index: 1, until: "changed", busy: 'table[aria-busy="true"]' };

export const BACKOFFICE_ACTIONS = {
  search: "back office: search (type, Enter)",
  next: "back office: next page (click)",
  validateNext: "back office: validate and next (click)",
} as const;

/**
 * Per action, each run's main-thread CPU time in ms (full speed) from the input to its answer painted: a search and
 * the next page on the student demand list, and "Validate and next" on a pending demand to the next one shown.
 */
export const backOfficeInteractions = (
  port: number,
  origin: string,
  runs: number,
): Promise<Record<string, Measure[]>> =>
  withPage(port, async (page) => {
    const timings: Record<string, Measure[]> = Object.fromEntries(
      Object.values(BACKOFFICE_ACTIONS).map((a) => [a, []]),
    );
    for (let run = 0; run < runs; run++) {
      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      // Search for the code of the fifth row (the search matches codes and registers): the first row is bound to change.
      const code = await page.$eval("table tbody tr:nth-child(5) a", (link) => link.textContent?.trim() ?? "");
      await page.click('input[type="search"]');
      await page.keyboard.type(code);
      const measured = async (action: string, answer: Answer, input: Input) =>
        timings[action]?.push(await withFloor(page, await cpuOfInteraction(page, answer, input)));
      await measured(BACKOFFICE_ACTIONS.search, listAnswered, { press: "Enter" });

      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      await measured(BACKOFFICE_ACTIONS.next, listAnswered, { click: "::-p-text(Suivant)" });

      await page.goto(`${origin}${await pendingDemandPathOn(page, origin)}`, {
        waitUntil: "networkidle0",
        timeout: 120_000,
      });
      await measured(
        BACKOFFICE_ACTIONS.validateNext,
        { selector: "[data-title-subject]", until: "changed" },
        { click: '::-p-aria([name="Valider et ouvrir la suivante"][role="button"])' },
      );
    }
    return timings;
  });
