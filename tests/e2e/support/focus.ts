import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard focus as a user sees and hears it: where it is, whether it shows, and what the live regions said.
 */

/** A short description of the focused element: tag, role, name (for failure messages and assertions). */
export const focusedDescription = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    const name = (element.getAttribute("aria-label") ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 60);
    const role = element.getAttribute("role");
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ""}> ${name}`;
  });

/** Focus is on an element of the page (never <body>, never a node that left the document). */
export const expectFocusOnElement = async (page: Page, step: string) => {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.activeElement !== null &&
            document.activeElement !== document.body &&
            document.activeElement.isConnected,
        ),
      { message: `${step}: focus is on an element, not <body>` },
    )
    .toBe(true);
};

/** The focused element draws a ring: a visible outline, or a box shadow (computed style). */
export const expectFocusDrawn = async (page: Page, step: string) => {
  const drawn = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing focused";
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.outlineColor);
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    return outline || shadow
      ? "drawn"
      : `no ring (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, shadow ${style.boxShadow})`;
  });
  expect(drawn, `${step}: the focused element shows its focus`).toBe("drawn");
};

/** Everything the app's live regions (polite and assertive, status and alert roles) say now, as one text. */
export const liveText = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll("[aria-live], [role=status], [role=alert], [role=log]")]
      .filter((node) => node.getAttribute("aria-live") !== "off")
      .map((node) => node.textContent?.replace(/\s+/g, " ").trim() ?? "")
      .filter(Boolean)
      .join(" | "),
  );

/** A live region said `text` (waits for it: announcements arrive after the change that makes them). */
export const expectAnnounced = async (page: Page, text: string | RegExp, step: string) => {
  await expect
    .poll(() => liveText(page), { message: `${step}: announced ${String(text)}` })
    .toMatch(typeof text === "string" ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : text);
};

/** Every check of one keyboard step: focus on an element (optionally `target`), shown, and what was announced. */
export const afterStep = async (
  page: Page,
  step: string,
  expected: { focus?: Locator; announced?: string | RegExp } = {},
) => {
  if (expected.focus) await expect(expected.focus, `${step}: focus`).toBeFocused();
  await expectFocusOnElement(page, step);
  await expectFocusDrawn(page, step);
  if (expected.announced !== undefined) await expectAnnounced(page, expected.announced, step);
};

/**
 * Whether the focused element looks different focused and unfocused: two screenshots of it (and a margin for
 * its ring), focused, then with focus on a hidden probe beside it (inside the same dialog, so a focus trap keeps
 * it), transitions finished. Focus goes back to the element afterwards (still shown as keyboard focus).
 */
export const focusLooksDifferent = async (page: Page): Promise<{ differs: boolean; what: string }> => {
  const what = await focusedDescription(page);
  const box = await page.evaluate(() => {
    const rect = document.activeElement?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  });
  if (!box || box.width === 0 || box.height === 0) return { differs: true, what: `${what} (not drawn)` };
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const margin = 6;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, box.x + box.width + margin) - x,
    height: Math.min(viewport.height, box.y + box.height + margin) - y,
  };
  if (clip.width <= 0 || clip.height <= 0) return { differs: true, what: `${what} (off screen)` };
  const shot = () => page.screenshot({ clip, animations: "disabled", caret: "hide" });
  const focused = await shot();
  await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const probe = document.createElement("span");
    probe.tabIndex = -1;
    probe.dataset.focusProbe = "";
    Object.assign(probe.style, {
      position: "fixed",
      left: "-100px",
      top: "0",
      width: "1px",
      height: "1px",
      overflow: "hidden",
    });
    (element.closest("[role=dialog], [role=alertdialog]") ?? document.body).append(probe);
    (globalThis as unknown as { __focusProbeOwner: HTMLElement }).__focusProbeOwner = element;
    probe.focus();
  });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-focus-probe") ?? false))
    .toBe(true);
  const unfocused = await shot();
  await page.evaluate(() => {
    const owner = (globalThis as unknown as { __focusProbeOwner: HTMLElement }).__focusProbeOwner;
    owner.focus();
    document.querySelector("[data-focus-probe]")?.remove();
  });
  return { differs: !focused.equals(unfocused), what };
};

/**
 * Tabs through the page from where focus is, `stops` times at most (or until focus comes back round), and answers
 * the stops whose focus does not show (same pixels focused and unfocused).
 */
export const invisibleFocusStops = async (page: Page, stops: number): Promise<string[]> => {
  const invisible: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return "";
      const path: number[] = [];
      for (let node: Element | null = element; node?.parentElement; node = node.parentElement)
        path.push([...node.parentElement.children].indexOf(node));
      return path.join(".");
    });
    if (key === "" || seen.has(key)) break;
    seen.add(key);
    const { differs, what } = await focusLooksDifferent(page);
    if (!differs) invisible.push(what);
  }
  return invisible;
};
