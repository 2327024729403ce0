import { expect } from "@playwright/test";
import * as fx from "../fixtures/entities";
import { test } from "./support/takeover";

/**
 * config.json's kindPaths (docs/deploying.md, "Paths a site can set"): a site whose backend mounts the teacher
 * endpoints beside the staff ones gets its QR scans checked there, and a kindPaths the app cannot use stops the
 * site on a screen that names the setting, calling no API.
 */
const backend = "http://127.0.0.1:9";
const kindPaths = { teacher: { root: "/staff/api/v1/", segment: "teacher/", check: "checkcard/teacher" } };

test("a teacher card's QR scan is checked where config.json's kindPaths puts the teacher endpoints, once", async ({
  page,
}) => {
  await page.route("**/config.json", (route) =>
    route.fulfill({ json: { mode: "live", apiBaseUrl: `${backend}/backend/`, kindPaths } }),
  );
  const checks: string[] = [];
  await page.route(`${backend}/**`, (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const headers = { "access-control-allow-origin": "*" };
    if (request.method() === "POST") {
      checks.push(`POST ${path}`);
      return path === "/backend/staff/api/v1/checkcard/teacher"
        ? route.fulfill({ json: { ...fx.teacherCheck, valid: true }, headers })
        : route.fulfill({ status: 404, json: { detail: "Not found." }, headers });
    }
    const list = /\/institution\/api\/v1\/(\w+)\//.exec(path)?.[1] as keyof typeof fx.referenceData | undefined;
    return route.fulfill({ json: list && list in fx.referenceData ? fx.referenceData[list] : [], headers });
  });
  await page.goto(`/check/teacher/card/${encodeURIComponent(fx.cardToken)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
  expect(checks).toEqual(["POST /backend/staff/api/v1/checkcard/teacher"]);
});

test("a kindPaths the app cannot use: the site says its configuration is unusable and which setting, and calls no API", async ({
  page,
}) => {
  await page.route("**/config.json", (route) =>
    route.fulfill({
      json: {
        mode: "live",
        apiBaseUrl: backend,
        kindPaths: { teacher: { ...kindPaths.teacher, root: "staff/api/v1/" } },
      },
    }),
  );
  const called: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(backend)) called.push(request.url());
  });
  for (const path of ["/auth", "/registration/teacher", `/check/teacher/card/${encodeURIComponent(fx.cardToken)}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("La configuration de ce site est inutilisable");
    await expect(
      page.getByText(/config\.json: kindPaths\.teacher\.root must be a path from the API root/),
    ).toBeVisible();
  }
  expect(called).toEqual([]);
});
