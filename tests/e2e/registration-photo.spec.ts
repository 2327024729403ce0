import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import { samplePng } from "./support/sample-png";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import {
  openStaffDraft,
  resumeDraft,
  staffReviewSnapshot,
  uniqueRegister,
  choose,
  expectChosen,
  pick,
  stepHeading,
  signInAsAdmin,
  expectNoAxeViolations,
  fillEmployeePersonalFr,
  acceptAllFr,
  usePhotoInDialog,
} from "./support/wizard";

/**
 * The registration wizard's photo on the demo build: the optional staff photo from demand to card PDF, a phone camera's photo, EXIF orientation, the photo and every field kept across a reload.
 */

test.describe("registration wizard (demo mode)", () => {
  test("staff, in French, with the optional photo: sent with the demand, shown to the agent, on the card PDF and the check page", async ({
    page,
  }) => {
    const register = uniqueRegister("SP");
    await page.goto("/registration/staff");
    await page.getByRole("textbox", { name: "Matricule" }).fill(register);
    await choose(page, "Fonction", "Bibliothécaire");
    await choose(page, "Service", "Bibliothèque Centrale");
    const dialogScript = page.waitForRequest(/\/assets\/PhotoDialog-[^/]+\.js$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    // The crop dialog's script is fetched while the applicant reads the step, not when Add is tapped.
    await dialogScript;
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    await usePhotoInDialog(page, samplePng());
    await fillEmployeePersonalFr(page, { last: "Mbarga", first: "Photo" });
    await expect(page.getByRole("img", { name: "Votre photo d'identité" })).toBeVisible();
    await acceptAllFr(page);
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();

    // The agent sees the photo, validates as it is (no question: a photo is optional for staff), opens the card.
    await signInAsAdmin(page);
    await page.goto(`/dashboard/staff/demand?search=${register}`);
    await page.getByRole("table", { name: "Personnel — demandes" }).getByRole("link").first().click();
    await expect(page.getByRole("img", { name: /^Photo de / })).toBeVisible();
    await page.getByRole("button", { name: "Valider tel quel" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Demande validée avec succès." })).toBeVisible();
    await page.getByRole("link", { name: "Voir la carte" }).click();
    await expect(page.locator("object[type='application/pdf']")).toHaveAttribute("data", /^blob:/);
    const cardId = page.url().split("/").pop() ?? "";
    const pdf = await page.evaluate(async (path) => {
      const { token } = JSON.parse(localStorage.getItem("campus-card.session") ?? "{}") as { token: string };
      return [
        ...new Uint8Array(await (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()),
      ];
    }, `/staff/api/v1/card/personnel/${cardId}/pdf/`);
    const doc = await PDFDocument.load(Uint8Array.from(pdf));
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images, "the holder's photo in the card PDF").toHaveLength(1);

    // The check link opens a new tab: followed here in the same one.
    await page.goto(
      (await page.getByRole("link", { name: "Ouvrir la page publique de vérification (démo)" }).getAttribute("href")) ??
        "",
    );
    await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-photo", "present");
    await expect(page.getByRole("img", { name: /^Photo de / })).toBeVisible();
  });

  test("a phone camera's photo: the tap on Use says at once that the photo is being prepared, then the field shows it", async ({
    page,
  }) => {
    await openStaffDraft(page, { ...staffReviewSnapshot("PH0001"), step: 1 });
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog", { name: /photo/i });
    // Six megapixels: cropping and encoding them takes a noticeable time on a phone, on the page's main thread.
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "camera.png", mimeType: "image/png", buffer: samplePng(2100, 2800) });
    const use = dialog.getByRole("button", { name: "Utiliser cette photo" });
    await expect(use).toBeEnabled();
    // Whether the button said it was busy before the dialog went away: seen by the page itself, so nothing is missed.
    await page.evaluate(() => {
      const seen = { pending: false };
      Object.assign(window, { __usePending: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role="dialog"] button[data-pending="true"]')) seen.pending = true;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-pending"] });
    });
    await use.click();
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { __usePending: { pending: boolean } }).__usePending.pending),
    ).toBe(true);
    const photo = page.getByRole("img", { name: "Votre photo d'identité" });
    await expect(photo).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
    // Cropped to the card's frame and brought down to the card's size.
    const size = await photo.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(size.height).toBeLessThanOrEqual(600);
    expect(size.width / size.height).toBeCloseTo(35 / 45, 2);
  });

  test("a camera's photo turned by its EXIF orientation is cropped as the page shows it, upright", async ({ page }) => {
    await openStaffDraft(page, { ...staffReviewSnapshot("EX0001"), step: 1 });
    const photo = page.getByRole("img", { name: "Votre photo d'identité" });
    // Stored one way, shown another: the left half red, the right half blue as stored, then the EXIF orientation.
    const cases = [
      // 6: turned a quarter clockwise, so the red half is on top.
      { orientation: 6, width: 2800, height: 2100, red: [0.5, 0.2], blue: [0.5, 0.8], button: "Ajouter une photo" },
      // 3: upside down, so the red half is on the right.
      { orientation: 3, width: 2100, height: 2800, red: [0.8, 0.5], blue: [0.2, 0.5], button: "Changer la photo" },
    ] as const;
    for (const { orientation, width, height, red, blue, button } of cases) {
      const jpeg = await page.evaluate(
        async ({ orientation, width, height }) => {
          const canvas = document.createElement("canvas");
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext("2d")!;
          context.fillStyle = "#ff0000";
          context.fillRect(0, 0, width / 2, height);
          context.fillStyle = "#0000ff";
          context.fillRect(width / 2, 0, width / 2, height);
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
          const bytes = new Uint8Array(await blob.arrayBuffer());
          // An EXIF block (APP1) right after the JPEG's start: a big-endian TIFF header and one tag, Orientation.
          const exif = [
            0xff,
            0xe1,
            0x00,
            0x22,
            0x45,
            0x78,
            0x69,
            0x66,
            0x00,
            0x00,
            0x4d,
            0x4d,
            0x00,
            0x2a,
            0x00,
            0x00,
            0x00,
            0x08,
            0x00,
            0x01,
            0x01,
            0x12,
            0x00,
            0x03,
            0x00,
            0x00,
            0x00,
            0x01,
            0x00,
            orientation,
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
          ];
          return [...bytes.slice(0, 2), ...exif, ...bytes.slice(2)];
        },
        { orientation, width, height },
      );
      await page.getByRole("button", { name: button }).click();
      const dialog = page.getByRole("dialog", { name: /photo/i });
      await dialog
        .locator("input[type=file]")
        .setInputFiles({ name: `camera-${orientation}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(jpeg) });
      await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
      await expect(dialog).toBeHidden();
      const colours = await photo.evaluate(
        async (img: HTMLImageElement, { red, blue }) => {
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext("2d")!;
          context.drawImage(img, 0, 0);
          const at = ([x, y]: readonly number[]) => {
            const [r, , b] = context.getImageData(
              Math.round(x! * canvas.width),
              Math.round(y! * canvas.height),
              1,
              1,
            ).data;
            return r! > 200 && b! < 60 ? "red" : b! > 200 && r! < 60 ? "blue" : `rgb ${r} ${b}`;
          };
          return { portrait: canvas.height > canvas.width, red: at(red), blue: at(blue) };
        },
        { red, blue },
      );
      expect(colours, `orientation ${orientation}`).toEqual({ portrait: true, red: "red", blue: "blue" });
    }
  });

  test("the photo and every field survive a reload; dark theme is axe-clean", async ({ page }) => {
    await page.goto("/registration/student");
    await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
    await page.getByRole("textbox", { name: "Matricule" }).fill("RL12345");
    await choose(page, "Faculté", "Faculté de Médecine et des Sciences Biomédicales");
    await choose(page, "Cycle", "Doctorat");
    await choose(page, "Niveau", "Doctorat 1 (D1)");
    await choose(page, "Filière", "Médecine Générale");
    await page.getByRole("button", { name: "Suivant" }).click();
    await pick(page, "radio", "Partiel");
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Mbida");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Rose");
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: samplePng() });
    await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
    const src = await page.getByRole("img", { name: "Votre photo d'identité" }).getAttribute("src");
    expect(src).toMatch(/^data:image\/jpeg;base64,/);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await resumeDraft(page);
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Mbida");
    await expect(page.getByRole("textbox", { name: "Prénom" })).toHaveValue("Rose");
    await expect(page.getByRole("img", { name: "Votre photo d'identité" })).toHaveAttribute("src", src ?? "");
    await expectNoAxeViolations(page, "personal step (dark)");
    // Errors in dark mode too.
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Il y a un problème" })).toBeFocused();
    await expectNoAxeViolations(page, "personal step with errors (dark)");
    await page.getByRole("button", { name: "Précédent" }).click();
    await page.getByRole("button", { name: "Précédent" }).click();
    await expectChosen(page, "Filière", "Médecine Générale");
    await expectChosen(page, "Niveau", "Doctorat 1 (D1)");
  });
});
