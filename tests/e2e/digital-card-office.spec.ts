import { expect, test } from "@playwright/test";
import { kinds } from "../../src/kinds";
import { demoCall, demoJson } from "./support/demo-call";
import { signIn } from "./support/sign-in";

/**
 * The office's side of the digital card (extension `digital-card`): a card's page says whether its holder opened the
 * digital card on a phone, and when that phone last refreshed it.
 */
const student = kinds.student;

interface ValidatedDemand {
  readonly code: string;
  readonly register: string;
  readonly birth_at: string;
  readonly renews?: string | null;
}

test("the card's page says the digital card was never opened, then when it was issued and last refreshed; the activity counts it", async ({
  page,
}) => {
  await signIn(page, "/dashboard");
  const demands = await demoJson<{ results: ValidatedDemand[] }>(page, `${student.paths.demands}?validated=true`);
  // A first card (a renewal's register has an older card too).
  const demand = demands.results.find((d) => !d.renews)!;
  const cards = await demoJson<{ results: { id: string; register: string; valid: boolean }[] }>(
    page,
    `${student.paths.cards}?search=${encodeURIComponent(demand.register)}`,
  );
  const card = cards.results.find((c) => c.register === demand.register && c.valid)!;

  await page.goto(`/dashboard/student/card/${card.id}`);
  const digital = page.locator("dt", { hasText: "Carte numérique" }).locator("+ dd");
  await expect(digital).toHaveText("Jamais ouverte sur un téléphone");

  // The holder opens the card on a phone: the backend's call, as /digital-card makes it.
  const lookup = { code: demand.code, register: demand.register, birth_at: demand.birth_at };
  await demoCall(page, student.paths.digitalCard, { method: "POST", body: lookup });
  await page.reload();
  const when = String.raw`\d{2}/\d{2}/\d{4} - \d{2}:\d{2}`;
  await expect(digital).toHaveText(new RegExp(`^Émise le ${when}, actualisée le ${when}$`));

  // The agents' activity counts it today, in the holders' own row.
  await page.goto("/dashboard/activity");
  const byDay = page.getByRole("table", { name: "Jour par jour" });
  await expect(
    byDay
      .getByRole("row", { name: /Titulaires \(carte numérique\)/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(/1$/);
  await expect(page.getByText("Carte numérique ouverte par son titulaire sur la période : 1")).toBeVisible();
});
