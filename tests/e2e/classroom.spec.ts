import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Browser } from "@playwright/test";
import { test } from "./support/takeover";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";
import { adminToken, startClassroom as startClassroomAt, stopClassroom } from "./support/classroom";
import { BOOT } from "../../src/entry/boot-attributes";
import { kinds } from "../../src/kinds";
import { paths } from "../../src/api/paths";
import { DEMO_BACKEND_CAPABILITIES } from "../../src/api/capabilities";

/**
 * `npm run demo` (ports E2E_PORT + 3) and `npm run demo -- --shared` (E2E_PORT + 2), the classroom demo: one demo backend for every device, data kept in a file across
 * restarts. Served from the browser tests' build (no second build), on its own port.
 */
/** E2E_PORT serves the tests' build, E2E_PORT + 1 nginx (playwright.config.ts). */
const port = Number(process.env.E2E_PORT ?? 4317) + 2;
const origin = `http://127.0.0.1:${port}`;
const dist = process.env.E2E_DIST ?? "dist-e2e";
const dataDir = mkdtempSync(join(tmpdir(), "campus-classroom-"));
const dataFile = join(dataDir, "classroom.json");

const startClassroom = () => startClassroomAt({ dist, host: "127.0.0.1", port, dataFile });

const signInAsAdmin = async (browser: Browser) => {
  const agent = await browser.newContext({ baseURL: origin });
  const page = await agent.newPage();
  await page.goto("/auth");
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("Admin@2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return { agent, page };
};

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopClassroom(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("classroom demo: a demand sent from one device is validated on another, and survives a restart", async ({
  browser,
}) => {
  server = await startClassroom();
  const register = `CL${String(Date.now()).slice(-5)}`;

  // An applicant's phone: the staff wizard, at its review step, sent.
  const applicant = await browser.newContext({ baseURL: origin });
  const phone = await applicant.newPage();
  await openStaffDraft(phone, staffReviewSnapshot(register, { read: true, accept: true, termsOfUse: true }));
  await phone.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Demande de carte du personnel envoyée");

  // The agent's laptop, another browser: the same demand is there, and is validated.
  const { agent, page } = await signInAsAdmin(browser);
  await page.goto(`/dashboard/staff/demand?search=${register}`);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.locator("main dd", { hasText: register })).toBeVisible();
  await page.getByRole("button", { name: "Valider tel quel" }).click();
  await expect(page.getByRole("heading", { name: "Demande validée avec succès." })).toBeVisible();
  await agent.close();

  // The trainer stops the server (Ctrl-C) and starts it again: the class's work is still there.
  await stopClassroom(server);
  server = await startClassroom();
  const again = await signInAsAdmin(browser);
  await again.page.goto(`/dashboard/staff/card?search=${register}`);
  await expect(again.page.getByRole("table").getByRole("row")).toHaveCount(2);
  await again.agent.close();
  await applicant.close();
});

const signIn = async (browser: Browser, username: string, password: string) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return { context, page };
};

/** The staff demands whose register is `register`, read through the API as the administrator. */
const demandsWithRegister = async (register: string): Promise<number> => {
  const access = await adminToken(origin, paths.token);
  const list = await fetch(`${origin}${kinds.staff.paths.demands}?search=${register}`, {
    headers: { authorization: `Bearer ${access}` },
  });
  return ((await list.json()) as { count: number }).count;
};

test("classroom demo: a banner on every page, the demo accounts on the login page, and only an administrator resets the class, after a confirmation naming what is lost", async ({
  browser,
}) => {
  server ??= await startClassroom();
  const banner =
    "Démo de classe partagée : toute la classe voit ce que vous saisissez ici. N'y mettez aucune donnée réelle.";

  const visitor = await browser.newContext({ baseURL: origin });
  const phone = await visitor.newPage();
  for (const path of ["/", "/registration", "/registration/staff", "/auth"]) {
    await phone.goto(path);
    await expect(phone.getByRole("note").filter({ hasText: banner }), path).toBeVisible();
  }
  const accounts = phone.getByRole("region", { name: "Comptes de démonstration" });
  await expect(accounts).toContainText("admin / Admin@2026");
  await expect(accounts).toContainText("agent / Agent@2026");
  await visitor.close();

  // A demand of the class, then an agent: the banner, and no reset.
  const register = `P${String(Date.now()).slice(-6)}`;
  const form = new FormData();
  const seeded = {
    firstname: "Ndifor",
    lastname: "Mbappè",
    birth_at: "1977-01-03",
    gender: "2",
    email: "ndifor.mbappe@usa.cm",
    phone: "695228639",
    contact_person_name: "Irène Fotso",
    contact_person_phone: "624480558",
    blood_group: "5",
    allergies: "Aucune",
    school: "1",
    fonction: "12",
    service: "1",
    birth_place: "Douala",
    nid: "293361756",
  };
  for (const [name, value] of Object.entries({ ...seeded, register })) form.set(name, value);
  const sent = await fetch(`${origin}${kinds.staff.paths.submit}`, { method: "POST", body: form });
  expect(sent.status, await sent.text()).toBe(201);
  expect(await demandsWithRegister(register)).toBe(1);

  const agent = await signIn(browser, "agent", "Agent@2026");
  await expect(agent.page.getByRole("note").filter({ hasText: banner })).toBeVisible();
  await expect(agent.page.getByRole("button", { name: "Réinitialiser la classe" })).toHaveCount(0);
  await agent.context.close();

  const admin = await signIn(browser, "admin", "Admin@2026");
  await admin.page.getByRole("button", { name: "Réinitialiser la classe" }).first().click();
  const dialog = admin.page.getByRole("alertdialog", { name: "Réinitialiser les données de la classe ?" });
  await expect(dialog).toContainText(
    "Toutes les demandes, cartes, impressions et comptes d'agents créés ou modifiés par la classe seront perdus",
  );
  await dialog.getByRole("button", { name: "Réinitialiser la classe" }).click();
  await expect.poll(() => demandsWithRegister(register)).toBe(0);
  // The administrator who reset it is still signed in, on the dashboard.
  await expect(admin.page).toHaveURL(/\/dashboard/);
  await expect(admin.page.getByRole("note").filter({ hasText: banner })).toBeVisible();

  // A student changed the agent's password: the administrator restores the demo accounts from the dashboard.
  const taken = await signIn(browser, "agent", "Agent@2026");
  await taken.page.goto("/dashboard");
  const { access } = (await (
    await fetch(`${origin}${paths.token}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "agent", password: "Agent@2026" }),
    })
  ).json()) as { access: string };
  const changed = await fetch(`${origin}${paths.appUser(2)}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
    body: JSON.stringify({ password: "Taken@2026" }),
  });
  expect(changed.status).toBe(200);
  await taken.context.close();
  await admin.page.getByRole("button", { name: "Rétablir les comptes de démo" }).first().click();
  const restore = admin.page.getByRole("alertdialog", { name: "Rétablir les comptes de démonstration ?" });
  await expect(restore).toContainText("Le travail de la classe est conservé.");
  await restore.getByRole("button", { name: "Rétablir les comptes de démo" }).click();
  // Signed out everywhere, the administrator included; the published passwords work again.
  await expect(admin.page).toHaveURL(/\/auth/);
  await admin.context.close();
  const back = await signIn(browser, "agent", "Agent@2026");
  await back.context.close();
});

test("npm run demo serves the production build, prerendered, in demo mode", async () => {
  const demoOrigin = `http://127.0.0.1:${port + 1}`;
  const child = spawn(process.execPath, ["scripts/demo.ts", "--no-build", "--dist", dist, "--port", String(port + 1)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = "";
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`${demoOrigin}/`)) resolve();
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.on("exit", (code) => reject(new Error(`demo exited (${code}): ${output}`)));
    });
    expect(await (await fetch(`${demoOrigin}/config.json`)).json()).toEqual({
      mode: "demo",
      // Every extension the demo backend implements.
      capabilities: [...DEMO_BACKEND_CAPABILITIES],
      replacementFee: 5000,
    });
    const landing = await fetch(`${demoOrigin}/registration/staff`, { headers: { "accept-encoding": "gzip" } });
    expect(landing.status).toBe(200);
    // The prerendered page, not Vite's development server: its HTML already holds the page's heading.
    expect(await landing.text()).toContain(BOOT.prerendered);
  } finally {
    child.removeAllListeners("exit");
    child.kill("SIGINT");
  }
});

test("npm run demo: a seeded card's QR code opens its check page after a reload and in any tab of the same browser", async ({
  page,
  context,
}) => {
  // The tests' own build in demo mode (the per-browser demo), in a fresh browser: nothing written yet. A second tab
  // is already open (a trainer's other tab) when the first one shows a card.
  const cardsOf = (tab: typeof page) =>
    tab.evaluate(async () => {
      const hook = (
        globalThis as {
          __campusDemo?: { cards: (kind: string) => Promise<{ token: string; valid: boolean; code: string }[]> };
        }
      ).__campusDemo;
      return hook!.cards("staff");
    });
  const other = await context.newPage();
  await other.goto("/auth");
  await page.goto("/auth");
  const card = (await cardsOf(page)).find((c) => c.valid);
  expect(card).toBeTruthy();
  const checkPath = `/check/staff/card/${encodeURIComponent(card!.token)}`;
  const opens = async (tab: typeof page) => {
    await expect(tab.getByText(card!.code)).toBeVisible();
    await expect(tab.getByText("Carte introuvable")).toHaveCount(0);
  };
  await page.goto(checkPath);
  await opens(page);
  // The other tab reads the same seeded cards: the same tokens.
  expect((await cardsOf(other)).find((c) => c.code === card!.code)?.token).toBe(card!.token);
  await page.reload();
  await opens(page);
  const third = await context.newPage();
  await third.goto(checkPath);
  await opens(third);
});

test("classroom demo: an agent's device is signed out when an administrator sets a new password or disables the account", async ({
  browser,
}) => {
  server ??= await startClassroom();
  const agentDevice = await signIn(browser, "agent", "Agent@2026");
  const admin = await signIn(browser, "admin", "Admin@2026");
  await admin.page.goto("/dashboard/agent");
  const row = admin.page
    .getByRole("table", { name: "Liste des agents" })
    .getByRole("row")
    .filter({
      has: admin.page.getByRole("rowheader", { name: /^agent\b/ }),
    });
  await row.getByRole("button", { name: "Réinitialiser le mot de passe de agent" }).click();
  const reset = admin.page.getByRole("dialog", { name: "Nouveau mot de passe pour agent" });
  await reset.getByLabel(/^Mot de passe/).fill("Nouveau@2027");
  await reset.getByLabel(/^Confirmation/).fill("Nouveau@2027");
  await reset.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(reset).toBeHidden();

  // The agent's next call answers 401: their device is back on the sign-in page.
  await agentDevice.page.goto("/dashboard/student/demand");
  await expect(agentDevice.page).toHaveURL(/\/auth/);
  await agentDevice.context.close();
  const again = await signIn(browser, "agent", "Nouveau@2027");

  await row.getByRole("button", { name: "Désactiver agent" }).click();
  await admin.page
    .getByRole("alertdialog", { name: /^Désactiver cet agent/ })
    .getByRole("button", { name: "Désactiver" })
    .click();
  await expect(row).toContainText("Désactivé");
  await again.page.goto("/dashboard/student/card");
  await expect(again.page).toHaveURL(/\/auth/);
  await again.context.close();
  await admin.context.close();
});
