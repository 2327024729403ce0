import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { kinds } from "../../src/kinds";
import { waitForApp } from "./support/takeover";
import { demoCall } from "./support/demo-call";
import { signedUrlOf, studentCards } from "./support/verify";

/**
 * One end of validity (docs/signed-qr.md, *Claims*; config.json `cardValidity`): the day the card prints, the day the
 * check page says and the day /verify reads from the signed claims are one day, and /verify offline holds it to
 * the day: valid on its last evening (a September day with the academic year ending 30 September), expired the
 * next morning. The PDF's text is read with pdftotext (poppler-utils).
 */
const verdict = (page: Page) => page.locator("[data-verdict]");

const paste = async (page: Page, text: string) => {
  await page.getByLabel("Adresse de vérification").fill(text);
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
};

test("the printed card, the check page and /verify give one validity date; offline, /verify holds it to the day", async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/verify");
  await waitForApp(page);
  await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
  const card = (await studentCards(page)).find((c) => c.valid)!;
  const pdf = Buffer.from(await demoCall(page, kinds.student.paths.cardPdf(card.id)), "base64");
  const printed = /VALIDE JUSQU.AU \/ VALID UNTIL[^\n]*\n[^\n]*?(\d\d\/\d\d\/\d{4})/.exec(
    execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8"),
  )?.[1];
  expect(printed).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  const signedUrl = await signedUrlOf(page, card.id);
  expect(signedUrl).toMatch(/#s1\./);

  // /verify reads the day from the signed claims.
  await paste(page, signedUrl!);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "valid");
  await expect(verdict(page)).toContainText(`Valide jusqu'au${printed}`);

  // The check page, online, says the same day.
  await page.goto(signedUrl!);
  await waitForApp(page);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("check-verdict")).toContainText(`Valide jusqu'au ${printed}`);

  // Offline, with the phone's clock on the last evening, then on the next morning.
  const [day, month, year] = printed!.split("/");
  const lastDay = `${year}-${month}-${day}`;
  await context.setOffline(true);
  await page.clock.setFixedTime(new Date(`${lastDay}T20:00:00+01:00`));
  await page.goto("/verify");
  await waitForApp(page);
  await paste(page, signedUrl!);
  // The kept list is months old by then: genuine and in date, the list too old to vouch, but never "expired".
  await expect(verdict(page)).toHaveAttribute("data-verdict", "staleList");
  await expect(verdict(page)).toContainText(`Valide jusqu'au${printed}`);

  await page.clock.setFixedTime(new Date(Date.parse(`${lastDay}T00:00:00+01:00`) + 32 * 3600_000));
  await page.goto("/verify");
  await waitForApp(page);
  await paste(page, signedUrl!);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "expired");
});
