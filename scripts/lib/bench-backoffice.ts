/**
 * The back office in the benchmark (scripts/bench.ts): a signed-in agent in the bench's Chromium (demo mode, so
 * the session lives in that origin's local storage and Lighthouse keeps it), and the time an agent waits after an
 * input for the demand list to show its answer, with the CPU slowed 4× through the DevTools protocol
 * (scripts/lib/bench-interaction.ts).
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { timeInteraction, throttle, type Answer } from "./bench-interaction.ts";

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

export const pendingDemandPath = (port: number, origin: string): Promise<string> =>
  withPage(port, (page) => pendingDemandPathOn(page, origin));

/** The list's first row shows another demand, once the grid is no longer busy. */
const listAnswered: Answer = { selector: "table tr", index: 1, until: "changed", busy: 'table[aria-busy="true"]' };

/** Per action, each run's input-to-painted time in ms, the CPU slowed `rate` times (4: Lighthouse's slowdown). */
export const listInteractions = (
  port: number,
  origin: string,
  runs: number,
  rate = 4,
): Promise<Record<string, number[]>> =>
  withPage(port, async (page) => {
    const timings: Record<string, number[]> = { "search (type, Enter)": [], "next page (click)": [] };
    const cdp = await page.createCDPSession();
    for (let run = 0; run < runs; run++) {
      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      // Search for the code of the fifth row (the search matches codes and registers): the first row is bound to change.
      const code = await page.$eval("table tbody tr:nth-child(5) a", (link) => link.textContent?.trim() ?? "");
      await throttle(cdp, rate);
      await page.click('input[type="search"]');
      await page.keyboard.type(code);
      timings["search (type, Enter)"]?.push(
        await timeInteraction(page, cdp, rate, listAnswered, () => page.keyboard.press("Enter")),
      );

      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      const next = await page.waitForSelector("::-p-text(Suivant)");
      timings["next page (click)"]?.push(
        await timeInteraction(page, cdp, rate, listAnswered, async () => next?.click()),
      );
    }
    await cdp.detach();
    return timings;
  });
