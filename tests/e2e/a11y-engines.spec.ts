import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import { axeViolations } from "./support/axe";
import { equalAccessViolations } from "./support/equal-access";
import { mainReady } from "./support/a11y-pages";

/** The accessibility sweep's engines (a11y-sweep.spec.ts) see the faults they are there to find. */

test("the sweep's check sees faults: a nameless button, grey on grey, an image without text in a frame", async ({
  page,
}) => {
  await page.goto("/privacy");
  await mainReady(page);
  expect(await axeViolations(page, "before")).toEqual([]);
  // Added after a first check, as a screen changes between looks: axe already in the page, a new frame not.
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "beforeend",
      `<button id="qa-nameless"></button><p id="qa-grey" style="color:#999;background:#aaa">Texte pâle</p>`,
    );
    const frame = document.createElement("iframe");
    frame.title = "QA";
    frame.srcdoc = `<!doctype html><html lang="fr"><title>QA</title><main><img src="data:," id="qa-img"></main></html>`;
    main.append(frame);
  });
  await expect(page.frameLocator("main iframe").locator("#qa-img")).toBeAttached();
  const rules = (lines: string[]) =>
    lines.map((line) => line.split(" — ")[0]!.split(": ").pop() ?? "").sort((a, b) => a.localeCompare(b));
  expect(rules(await axeViolations(page, "after"))).toEqual(["button-name", "color-contrast", "image-alt"]);
  expect(rules(await axeViolations(page, "colours", [], "colours"))).toEqual(["color-contrast"]);
  expect(rules(await axeViolations(page, "excluded", ["#qa-nameless", "#qa-grey"]))).toEqual(["image-alt"]);
});

test("the second engine sees what axe lets pass: a checkbox in a label with no text, a field whose label is out of sight", async ({
  page,
}) => {
  await page.goto("/privacy");
  await mainReady(page);
  expect(await equalAccessViolations(page, "before")).toEqual([]);
  await page.evaluate(() => {
    document
      .querySelector("main")!
      .insertAdjacentHTML(
        "beforeend",
        `<label><input type="checkbox" aria-label="Sélectionner la carte PCSTUD000001"></label>` +
          `<details><summary>Réglages</summary><label for="qa-x">Décalage</label><input id="qa-x"></details>`,
      );
  });
  const rules = (await equalAccessViolations(page, "after")).map((line) => line.split(" — ")[0]!.split(": ").pop());
  expect(rules.toSorted((a = "", b = "") => a.localeCompare(b))).toEqual([
    "input_label_exists",
    "label_content_exists",
  ]);
  // axe reads the aria-label and the hidden label: nothing to say.
  expect(await axeViolations(page, "axe")).toEqual([]);
});
