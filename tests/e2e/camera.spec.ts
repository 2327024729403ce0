import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { test } from "./support/takeover";
import { browserPath } from "./support/browser";

/**
 * The photo taken at the desk: Chromium's fake camera (a moving test pattern) and its fake permission prompt
 * (granted), so the camera path runs end to end without hardware.
 */
test.use({
  launchOptions: {
    executablePath: browserPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

const signIn = async (page: Page, path: string) => {
  await page.goto(`/auth?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("Admin@2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
};

test("an agent takes the photo with the computer's camera: live preview, capture, the same crop, sent with the validation", async ({
  page,
}) => {
  // Watch the streams the page opens, to see them stopped.
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await signIn(page, "/dashboard/student/demand");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Validation de la demande" })).toBeVisible();
  await page.getByRole("button", { name: "Modifier", exact: true }).click();
  await page.getByRole("button", { name: "Changer la photo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Utiliser la caméra" }).click();
  const preview = dialog.getByLabel("Aperçu de la caméra");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  expect(await axeViolations(page, "camera preview")).toEqual([]);
  await dialog.getByRole("button", { name: "Prendre la photo" }).click();
  // The capture goes through the same crop as a file.
  await expect(dialog.getByRole("group", { name: "Cadre de recadrage" })).toBeFocused();
  await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
  await expect(dialog).toBeHidden();
  // The camera is off once the picture is taken: every track of every stream opened has ended.
  const tracks = await page.evaluate(() =>
    (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  );
  expect(tracks.length).toBeGreaterThan(0);
  expect(tracks.every((state) => state === "ended")).toBe(true);
  await expect(page.getByRole("button", { name: "Garder la photo d'origine" })).toBeVisible();
  await page.getByRole("button", { name: "Valider avec mes corrections" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Demande validée avec succès." })).toBeVisible();
});

test("no camera, or the camera refused: said plainly, the file picker stays", async ({ page }) => {
  await signIn(page, "/dashboard/student/demand");
  await page.addInitScript(() => {
    // The permission refused, as a browser says it.
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.reload();
  await page.getByRole("table").getByRole("link").first().click();
  await page.getByRole("button", { name: "Modifier", exact: true }).click();
  await page.getByRole("button", { name: "Changer la photo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Utiliser la caméra" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/L'accès à la caméra a été refusé/);
  await expect(dialog.getByRole("button", { name: "Choisir un fichier" })).toBeVisible();
});
