import { expect } from "@playwright/test";
import { test } from "./support/takeover";

test.describe("session, language and theme (demo mode)", () => {
  test("a protected page sends to /auth and back after login; language and theme survive a reload; sign out", async ({
    page,
  }) => {
    await page.goto("/dashboard?x=1");
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.getByLabel("Nom d'utilisateur").fill("admin");
    await page.getByLabel("Mot de passe").fill("Admin@2026");
    await page.getByRole("button", { name: "Se connecter" }).click();

    await expect(page).toHaveURL(/\/dashboard\?x=1$/);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    await expect(page.getByText("Connexion réussie")).toBeVisible();
    // Admins see agent management in the side menu.
    await expect(page.getByRole("link", { name: "Agents", exact: true })).toBeVisible();

    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("combobox", { name: "Theme" }).selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\?x=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem("campus-card.session"))).toBeNull();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirect=/);
  });

  test("an agent signs in without the Agents menu; a wrong password says so", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Nom d'utilisateur").fill("agent");
    await page.getByLabel("Mot de passe").fill("wrong-password");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nom d'utilisateur ou mot de passe incorrect");

    await page.getByLabel("Mot de passe").fill("Agent@2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Agents", exact: true })).toHaveCount(0);
  });

  test("a hostile return path never leaves the origin", async ({ page }) => {
    await page.goto("/auth?redirect=" + encodeURIComponent("//evil.example/steal"));
    await page.getByLabel("Nom d'utilisateur").fill("admin");
    await page.getByLabel("Mot de passe").fill("Admin@2026");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test("unknown paths show the not-found page", async ({ page }) => {
    await page.goto("/nowhere/at-all");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Aller à l'accueil" })).toBeVisible();
  });
});
