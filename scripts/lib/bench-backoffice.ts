/**
 * The back office in the benchmark (scripts/bench.ts): a signed-in agent in the bench's Chromium (demo mode, so
 * the session lives in that origin's local storage and Lighthouse keeps it), and the time an agent waits after an
 * input for the demand list to show its answer, with the CPU slowed 4× through the DevTools protocol.
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";

const LIST = "/dashboard/student/demand";

const connect = (port: number): Promise<Browser> =>
  puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: { width: 1280, height: 900 } });

const withPage = async <T>(port: number, use: (page: Page) => Promise<T>): Promise<T> => {
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

/**
 * Arms a measure in the page: from the next trusted input (key or pointer) to the first paint after the list's
 * first row changed. Resolves window.__benchDone with milliseconds (or -1 after 15 s).
 */
const arm = (page: Page) =>
  page.evaluate(() => {
    const firstRow = () => document.querySelectorAll("table tr")[1]?.textContent ?? "";
    const before = firstRow();
    let started: number | null = null;
    const start = (event: Event) => {
      if (event.isTrusted && started === null) started = event.timeStamp;
    };
    document.addEventListener("keydown", start, { capture: true });
    document.addEventListener("pointerdown", start, { capture: true });
    (window as unknown as { __benchDone: Promise<number> }).__benchDone = new Promise<number>((resolve) => {
      const finish = (value: number) => {
        observer.disconnect();
        document.removeEventListener("keydown", start, { capture: true });
        document.removeEventListener("pointerdown", start, { capture: true });
        resolve(value);
      };
      const observer = new MutationObserver(() => {
        const grid = document.querySelector("table");
        if (
          started === null ||
          !grid ||
          grid.getAttribute("aria-busy") === "true" ||
          firstRow() === before ||
          firstRow() === ""
        )
          return;
        observer.disconnect();
        const from = started;
        // The frame that shows it: after the next animation frame's paint.
        requestAnimationFrame(() => setTimeout(() => finish(Math.round(performance.now() - from))));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      setTimeout(() => finish(-1), 15_000);
    });
  });

const result = (page: Page) => page.evaluate(() => (window as unknown as { __benchDone: Promise<number> }).__benchDone);

/** Per action, each run's input-to-painted time in ms (CPU slowed 4×). */
export const listInteractions = (port: number, origin: string, runs: number): Promise<Record<string, number[]>> =>
  withPage(port, async (page) => {
    const timings: Record<string, number[]> = { "search (type, Enter)": [], "next page (click)": [] };
    const cdp = await page.createCDPSession();
    for (let run = 0; run < runs; run++) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      // Search for the code of the fifth row (the search matches codes and registers): the first row is bound to change.
      const code = await page.$eval("table tbody tr:nth-child(5) a", (link) => link.textContent?.trim() ?? "");
      await page.click('input[type="search"]');
      await page.keyboard.type(code);
      await arm(page);
      await page.keyboard.press("Enter");
      timings["search (type, Enter)"]?.push(await result(page));

      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await page.goto(`${origin}${LIST}`, { waitUntil: "networkidle0", timeout: 120_000 });
      await waitForRows(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const next = await page.waitForSelector("::-p-text(Suivant)");
      await arm(page);
      await next?.click();
      timings["next page (click)"]?.push(await result(page));
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    return timings;
  });
