import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";

type KindId = "student" | "staff" | "teacher";
interface DemoCard {
  readonly id: string;
  readonly code: string;
  readonly valid: boolean;
  readonly token: string;
}

/** Paths of the check endpoints (docs/spec.md §7), to read what the server holds for a card (test side only). */
const checkPaths: Record<KindId, string> = {
  student: "/student/api/v1/checkcard/",
  staff: "/staff/api/v1/checkcard/personnel",
  teacher: "/teacher/api/v1/checkcard/teacher",
};

const toEnglish = async (page: Page) => {
  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
};

/**
 * A seeded card of the demo database with its check token, through the demo-only hook the boot installs
 * (`window.__campusDemo.cards(kind)`). Fails clearly if the hook is missing.
 */
const demoCards = async (page: Page, kind: KindId): Promise<DemoCard[]> => {
  // A page the app draws (the landing stays static HTML, without the embedded backend).
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cards = await page.evaluate((k) => {
    const hook = (globalThis as { __campusDemo?: { cards?: (kind: string) => DemoCard[] } }).__campusDemo;
    return typeof hook?.cards === "function" ? hook.cards(k) : null;
  }, kind);
  expect(cards, "demo hook window.__campusDemo.cards(kind) is missing from the demo build").not.toBeNull();
  return cards ?? [];
};

const demoCard = async (page: Page, kind: KindId, valid: boolean): Promise<DemoCard> => {
  const card = (await demoCards(page, kind)).find((c) => c.valid === valid);
  expect(card, `no ${valid ? "valid" : "invalid"} ${kind} card in the demo data`).toBeTruthy();
  return card as DemoCard;
};

/** The full check answer (with the holder's e-mail and phone), asked of the demo server from inside the page. */
const checkAnswer = (page: Page, kind: KindId, token: string) =>
  page.evaluate(
    async ({ url, token }) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tokenCard: token }),
      });
      return (await response.json()) as Record<string, unknown>;
    },
    { url: checkPaths[kind], token },
  );

test.describe("public pages (demo mode)", () => {
  test("the landing page is in French, with its sections and links to the portal and sign-in", async ({ page }) => {
    for (const path of ["/", "/home"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Votre carte d'identité universitaire, en ligne",
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
    for (const title of ["À propos", "Services", "Partenaires", "Questions fréquentes", "Équipe", "Contact"]) {
      await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: title, exact: true })).toBeVisible();
    }
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Demander une carte" }).first()).toHaveAttribute(
      "href",
      "/registration",
    );
    await expect(main.getByRole("link", { name: "Connexion agent" }).first()).toHaveAttribute("href", "/auth");

    // FAQ: native <details> disclosures, opened from the keyboard too; the data answer repeats the terms.
    const dataQuestion = page.locator("summary", { hasText: "Qui voit mes données ?" });
    const answer = page.getByText(/partagées avec des partenaires commerciaux/);
    await expect(answer).toBeHidden();
    await dataQuestion.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await expect(page.getByText("cartes@univ-sanaga.cm")).toBeVisible();

    // Images have their size set (no layout shift) and come from the site itself.
    const images = await page.locator("main img").evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: (img as HTMLImageElement).src,
        w: img.getAttribute("width"),
        h: img.getAttribute("height"),
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.w && image.h, image.src).toBeTruthy();
      expect(new URL(image.src).origin).toBe(new URL(page.url()).origin);
    }

    await main.getByRole("link", { name: "Demander une carte" }).first().click();
    await expect(page).toHaveURL(/\/registration$/);
  });

  test("the landing page fits a 360 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the portal offers student, staff and teacher", async ({ page }) => {
    await page.goto("/registration");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qui êtes-vous ?");
    const choices = page.getByRole("list", { name: "Types de carte" });
    await expect(choices.getByRole("link", { name: "Étudiant" })).toHaveAttribute("href", "/registration/student");
    await expect(choices.getByRole("link", { name: "Personnel" })).toHaveAttribute("href", "/registration/staff");
    await expect(choices.getByRole("link", { name: "Enseignant" })).toHaveAttribute("href", "/registration/teacher");
  });

  test("the generic result page (spec §2) shows the demand code, the e-mail note and New request, at its own address", async ({
    page,
  }) => {
    await page.goto("/registration/done?code=DEM2026X7");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande envoyée");
    await expect(page.getByText("DEM2026X7")).toBeVisible();
    await expect(page.getByText("Vous recevrez un e-mail lorsque votre carte sera prête.")).toBeVisible();
    await page.getByRole("button", { name: "Nouvelle demande" }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qui êtes-vous ?");
    await page.goto("/registration/done");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
  });

  test("terms pages state the three §1 statements in French and in English", async ({ page }) => {
    const fr = [
      "Vos données peuvent être partagées avec des partenaires commerciaux et sont conservées pendant la durée de validité de la carte.",
      "Une carte perdue est remplacée moyennant des frais.",
      "Aucune action en justice ne peut être intentée contre le prestataire.",
    ];
    const en = [
      "Your data may be shared with commercial partners and is kept for the card's validity period.",
      "A lost card is replaced for a fee.",
      "No legal action may be taken against the provider.",
    ];
    const titles = {
      student: ["Conditions d'utilisation — étudiants", "Terms of use — students"],
      staff: ["Conditions d'utilisation — personnel", "Terms of use — staff"],
      teacher: ["Conditions d'utilisation — enseignants", "Terms of use — teachers"],
    } as const;
    for (const kind of ["student", "staff", "teacher"] as const) {
      await page.goto(`/terms/${kind}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[kind][0]);
      for (const text of fr) await expect(page.getByRole("listitem").filter({ hasText: text })).toBeVisible();
    }
    await toEnglish(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.teacher[1]);
    for (const text of en) await expect(page.getByRole("listitem").filter({ hasText: text })).toBeVisible();
    await page.goto("/terms/student");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.student[1]);
  });

  test("an unknown terms kind is not found", async ({ page }) => {
    await page.goto("/terms/unknown");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
  });

  test("an unknown address keeps the site's header and footer: the reader can switch to English there", async ({
    page,
  }) => {
    await page.goto("/nowhere");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups ! Page introuvable");
    await expect(page.getByRole("navigation", { name: "Navigation publique" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /confidentialité/i })).toBeVisible();
    await toEnglish(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found");
  });

  test("the privacy page says what, why, how long, who and how to correct", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("main").getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
    for (const title of [
      "Ce que nous recueillons",
      "Pourquoi",
      "Combien de temps",
      "Qui les reçoit",
      "Demander une correction",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByText("Vos données sont conservées pendant la durée de validité de la carte.")).toBeVisible();
  });

  test("a valid card shows VALID, the emergency information, and never the holder's e-mail or phone", async ({
    page,
  }) => {
    // A valid student card whose holder has a photo (some seeded students have none).
    let card: DemoCard | undefined;
    let answer: Record<string, unknown> = {};
    for (const candidate of (await demoCards(page, "student")).filter((c) => c.valid)) {
      answer = await checkAnswer(page, "student", candidate.token);
      if (answer.photo_str) {
        card = candidate;
        break;
      }
    }
    if (!card) throw new Error("no valid student card with a photo in the demo data");
    expect(answer.email, "the check answer carries the e-mail (so the page must hide it)").toBeTruthy();

    await page.goto(`/check/student/card/${encodeURIComponent(card.token)}`);
    const verdict = page.getByTestId("check-verdict");
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    const main = page.getByRole("main");
    await expect(main).toContainText(card.code);
    await expect(main).toContainText(String(answer.register));
    await expect(main).toContainText(String(answer.duration_year_str));
    await expect(page.getByRole("img", { name: /^Photo de / })).toBeVisible();

    const emergency = page.getByRole("region", { name: "Informations d'urgence" });
    await expect(emergency).toContainText("Groupe sanguin");
    await expect(emergency).toContainText(String(answer.contact_person_name));
    await expect(emergency.getByRole("link", { name: new RegExp(String(answer.contact_person_phone)) })).toBeVisible();

    // Faculty and the other reference fields show labels, not ids.
    const holder = page.getByRole("region", { name: "Titulaire" });
    const pairs = await holder
      .locator("dt")
      .evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    const fields = Object.fromEntries(pairs);
    for (const label of ["Faculté", "Cycle", "Filière", "Niveau"]) {
      expect(fields[label], label).toBeTruthy();
      expect(fields[label], label).not.toMatch(/^\d+$/);
    }

    const text = (await main.innerText()) ?? "";
    expect(text).not.toContain(String(answer.email));
    expect(text).not.toContain(String(answer.phone));
    expect(await main.innerHTML()).not.toContain(String(answer.email));
  });

  test("an invalid card says INVALID, and staff / teacher pages work with their own fields", async ({ page }) => {
    const invalid = await demoCard(page, "student", false);
    await page.goto(`/check/student/card/${encodeURIComponent(invalid.token)}`);
    await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "invalid");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte invalide");

    const staff = await demoCard(page, "staff", true);
    await page.goto(`/check/staff/card/${encodeURIComponent(staff.token)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
    await expect(page.getByRole("main").getByText("Service", { exact: true })).toBeVisible();

    const teacher = await demoCard(page, "teacher", true);
    await page.goto(`/check/teacher/card/${encodeURIComponent(teacher.token)}`);
    await toEnglish(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valid card");
    await expect(page.getByRole("main").getByText("Grade", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Emergency information" })).toBeVisible();
  });

  test("an unknown, absurd or malformed token shows card not found; an unknown kind is not found", async ({ page }) => {
    await page.goto("/check/student/card/not-a-real-token");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte introuvable");
    await page.goto(`/check/staff/card/${"x".repeat(600)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte introuvable");
    await page.goto(`/check/teacher/card/${encodeURIComponent("a b/c+d==")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte introuvable");
    await page.goto("/check/alien/card/abc");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
  });

  test("a network failure offers Retry", async ({ page }) => {
    const card = await demoCard(page, "student", true);
    // Force the next check call to fail as a network error, once.
    await page.evaluate(() => {
      const original = globalThis.fetch;
      let failed = false;
      globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!failed && url.includes("checkcard")) {
          failed = true;
          return Promise.reject(new TypeError("Failed to fetch"));
        }
        return original(input, init);
      };
    });
    // Client-side navigation keeps the patched fetch (a page load would not).
    await page.evaluate((token) => {
      history.pushState(null, "", `/check/student/card/${encodeURIComponent(token)}`);
      dispatchEvent(new PopStateEvent("popstate"));
    }, card.token);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vérification impossible");
    await expect(page.getByRole("alert")).toBeVisible();
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
  });

  test("the verdict is readable on a phone (360 px)", async ({ page }) => {
    const card = await demoCard(page, "student", true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/check/student/card/${encodeURIComponent(card.token)}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Carte valide");
    const box = await heading.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(740);
    const size = await heading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(28);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
