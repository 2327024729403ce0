import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Browser } from "@playwright/test";
import { test } from "./support/takeover";
import { staffReviewSnapshot } from "./support/wizard";
import { BOOT } from "../../src/entry/boot-attributes";

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

/** Starts the classroom server and resolves once it prints the addresses to open. */
const startClassroom = (): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["scripts/demo.ts", "--shared", "--no-build", "--dist", dist, "--host", "127.0.0.1", "--port", String(port), "--data", dataFile],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${origin}/`)) resolve(child);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`classroom server exited (${code}): ${output}`)));
  });

/** Ctrl-C, as a trainer stops it; resolves once it has exited. */
const stopClassroom = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGINT");
  });

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

test("classroom demo: a demand sent from one device is validated on another, and survives a restart", async ({ browser }) => {
  server = await startClassroom();
  const register = `CL${String(Date.now()).slice(-5)}`;

  // An applicant's phone: the staff wizard, at its review step, sent.
  const applicant = await browser.newContext({ baseURL: origin });
  const phone = await applicant.newPage();
  await phone.goto("/registration");
  await phone.evaluate(
    (snapshot) => sessionStorage.setItem("campus-card.registration.staff", JSON.stringify(snapshot)),
    staffReviewSnapshot(register, { read: true, accept: true, termsOfUse: true }),
  );
  await phone.goto("/registration/staff");
  await phone.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Demande de carte du personnel envoyée");

  // The agent's laptop, another browser: the same demand is there, and is validated.
  const { agent, page } = await signInAsAdmin(browser);
  await page.goto(`/dashboard/staff/demand?search=${register}`);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.locator("main dd", { hasText: register })).toBeVisible();
  await page.getByRole("button", { name: "Valider", exact: true }).click();
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

test("npm run demo serves the production build, prerendered, in demo mode", async () => {
  const demoOrigin = `http://127.0.0.1:${port + 1}`;
  const child = spawn(process.execPath, ["scripts/demo.ts", "--no-build", "--dist", dist, "--port", String(port + 1)], { stdio: ["ignore", "pipe", "pipe"] });
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
    expect(await (await fetch(`${demoOrigin}/config.json`)).json()).toEqual({ mode: "demo" });
    const landing = await fetch(`${demoOrigin}/registration/staff`, { headers: { "accept-encoding": "gzip" } });
    expect(landing.status).toBe(200);
    // The prerendered page, not Vite's development server: its HTML already holds the page's heading.
    expect(await landing.text()).toContain(BOOT.prerendered);
  } finally {
    child.removeAllListeners("exit");
    child.kill("SIGINT");
  }
});
