import { expect, type Page } from "@playwright/test";

/** Signs in as the demo admin through the login page (French UI), landing on `path`. */
export const signIn = async (page: Page, path: string) => {
  await page.goto(`/auth?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("Admin@2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
};
