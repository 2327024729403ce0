// @vitest-environment node
/**
 * `npm run check:backend` (scripts/check-backend.ts) as a backend team runs it: against the mock API every endpoint
 * works; against a small server answering as Django REST Framework does by default (integer ids, nulls, keys the
 * spec does not list, a next link without the site's prefix, teacher endpoints mounted beside the staff ones) it
 * says per endpoint what the app read, what it tolerated, and which rows and keys it could not read.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBackend, formatReport, type EndpointReport } from "../../scripts/lib/check-backend";
import { startMockApi, type MockApi } from "../../scripts/lib/mock-api-server";
import { setKindRoutes } from "../../src/api/paths";
import * as fx from "../fixtures/entities";

const root = join(import.meta.dirname, "../..");
const node = join(root, "node_modules/.bin/node");

describe("against the mock API (npm run mock:api)", () => {
  let api: MockApi;
  beforeAll(async () => {
    api = await startMockApi({ host: "127.0.0.1", port: 0 });
  });
  afterAll(() => api.close());

  it("the command signs in, reads every endpoint and prints each one working; exit code 0", async () => {
    const { stdout } = await promisify(execFile)(node, ["scripts/check-backend.ts", `${api.url}/`], {
      cwd: root,
      env: { ...process.env, CAMPUS_CHECK_USERNAME: "admin", CAMPUS_CHECK_PASSWORD: "Admin@2026" },
    });
    const lines = stdout.split("\n");
    expect(lines).toContain("works    POST /api/token/: signed in as admin");
    for (const path of [
      "/base/api/v1/appuser/profile/",
      "/base/api/v1/stats/",
      "/base/api/v1/appuser/get_agent/",
      "/student/api/v1/demand/",
      "/staff/api/v1/card/personnel/",
      "/teacher/api/v1/demand/teacher/",
      "/base/api/v1/cards/export/",
      "/institution/api/v1/mapniveau/",
    ])
      expect(
        lines.some((line) => line.startsWith(`works    GET ${path}`)),
        path,
      ).toBe(true);
    expect(lines.filter((line) => /^(FAILED|skipped)/.test(line))).toEqual([]);
    expect(lines.at(-2)).toMatch(/^36 work, 0 failed, 0 skipped\.$/);
  });

  it("a wrong password is said at the sign-in, and nothing else is called; exit code 1", async () => {
    const run = promisify(execFile)(node, ["scripts/check-backend.ts", `${api.url}/`], {
      cwd: root,
      env: { ...process.env, CAMPUS_CHECK_USERNAME: "admin", CAMPUS_CHECK_PASSWORD: "wrong" },
    });
    const failure = await run.then(
      () => null,
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/^FAILED {3}POST \/api\/token\/: HTTP 401, the username or password was refused/m);
    expect(failure?.stdout).toContain("0 work, 1 failed, 0 skipped.");
  });
});

// ── A backend written from docs/spec.md with DRF's defaults, behind /backend/ ──────────────────────────────────────

const drfRows = {
  // ModelSerializer: integer primary keys, a null an admin left, the validator as a user id (fields = "__all__").
  student: [
    { ...fx.studentDemand, id: 59, validator: 3 },
    { ...fx.studentDemand, id: 60, allergies: null },
    // Not readable however tolerant: a demand without its code.
    (({ code: _code, ...rest }) => ({ ...rest, id: 61 }))(fx.studentDemand),
  ],
  studentCards: [{ ...fx.studentCard, id: 7, created_by: 2 }],
};

const teacherBesideStaff = { teacher: { root: "/staff/api/v1/", segment: "teacher/", check: "checkcard/teacher" } };

const pdf = new TextEncoder().encode("%PDF-1.4\n%fake\n");

/** The answers of the DRF-shaped backend, by path below its /backend/ prefix. */
const routes = (origin: string): Record<string, { type: string; body: unknown }> => {
  const page = (rows: unknown[], next: string | null = null) => ({
    type: "application/json",
    body: { count: rows.length, next, previous: null, results: rows },
  });
  const json = (body: unknown) => ({ type: "application/json", body });
  return {
    "POST /api/token/": json({ refresh: "refresh-token", access: "access-token" }),
    "GET /base/api/v1/appuser/profile/": json({ ...fx.profile, is_staff: true }),
    "GET /base/api/v1/stats/": json(fx.stats),
    "GET /base/api/v1/appuser/get_agent/": page([{ ...fx.agent, id: 4 }]),
    // Django not told its prefix: the next link lacks /backend/.
    "GET /student/api/v1/demand/": page(drfRows.student, `${origin}/student/api/v1/demand/?page=2`),
    "GET /student/api/v1/demand/59/": json(drfRows.student[0]),
    "GET /student/api/v1/card/": page(drfRows.studentCards),
    "GET /student/api/v1/card/7/": json(drfRows.studentCards[0]),
    "GET /student/api/v1/card/7/pdf/": { type: "application/pdf", body: pdf },
    "GET /student/api/v1/card/export/": { type: "text/csv", body: "code;name\n" },
    "GET /staff/api/v1/demand/personnel/": page([]),
    "GET /staff/api/v1/card/personnel/": page([]),
    "GET /staff/api/v1/card/personnel/export/": { type: "text/csv", body: "code;name\n" },
    // The teacher endpoints beside the staff ones, as a team following the staff pattern mounts them.
    "GET /staff/api/v1/demand/teacher/": page([fx.teacherDemand]),
    "GET /staff/api/v1/card/teacher/": page([]),
    [`GET /staff/api/v1/demand/teacher/${fx.teacherDemand.id}/`]: json(fx.teacherDemand),
    "GET /staff/api/v1/card/teacher/export/": { type: "text/csv", body: "code;name\n" },
    "GET /base/api/v1/cards/export/": { type: "text/csv", body: "code;name\n" },
    ...Object.fromEntries(
      Object.entries(fx.referenceData).map(([name, rows]) => [`GET /institution/api/v1/${name}/`, json(rows)]),
    ),
  };
};

describe("against a Django REST backend with DRF's defaults", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      const key = `${request.method} ${url.pathname.replace(/^\/backend/, "")}`;
      const answer = url.pathname.startsWith("/backend/") ? routes(`http://${request.headers.host}`)[key] : undefined;
      const signedIn = request.headers.authorization === "Bearer access-token" || key.includes("/institution/");
      if (!answer || (!signedIn && key !== "POST /api/token/")) {
        response.writeHead(answer ? 401 : 404, { "content-type": "application/json" });
        return response.end(
          JSON.stringify({ detail: answer ? "Authentication credentials were not provided." : "Not found." }),
        );
      }
      response.writeHead(200, { "content-type": answer.type });
      response.end(
        answer.body instanceof Uint8Array || typeof answer.body === "string"
          ? answer.body
          : JSON.stringify(answer.body),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend/`;
  });
  afterAll(async () => {
    setKindRoutes({});
    await new Promise((resolve) => server.close(resolve));
  });

  const byCall = (reports: readonly EndpointReport[], call: string): EndpointReport => {
    const found = reports.find((report) => report.call === call);
    if (!found) throw new Error(`no report for ${call}: ${reports.map((r) => r.call).join(", ")}`);
    return found;
  };

  it("says which rows it could not read and why, what it tolerated, and the prefix-less next link", async () => {
    const reports = await checkBackend({ apiBaseUrl: base, username: "admin", password: "secret" });
    const demands = byCall(reports, "GET /student/api/v1/demand/");
    // The demand without a code is named, with its key; the others are read, and how is said.
    expect(demands).toMatchObject({ outcome: "failed", summary: "1 of 3 rows could not be read" });
    expect(demands.details).toEqual([
      "row 61: code: Missing key",
      "tolerated: id: number read as string (2 rows)",
      "tolerated: validator: not of the shape the app reads, left out (1 row)",
      "tolerated: allergies: null, read as empty (1 row)",
      expect.stringMatching(
        /^warning: its next link http:\/\/127\.0\.0\.1:\d+\/student\/api\/v1\/demand\/\?page=2 is not under apiBaseUrl .*FORCE_SCRIPT_NAME/,
      ),
    ]);
    expect(byCall(reports, "GET /student/api/v1/demand/59/")).toMatchObject({ outcome: "works" });
    expect(byCall(reports, "GET /student/api/v1/card/")).toMatchObject({
      outcome: "works",
      summary: "1 row read",
      details: [
        "tolerated: id: number read as string (1 row)",
        "tolerated: created_by: sent, not read (a key the app does not use) (1 row)",
      ],
    });
    // A key the app does not read is reported, never a failure of its own.
    expect(byCall(reports, "GET /base/api/v1/appuser/profile/")).toMatchObject({
      outcome: "works",
      details: ["tolerated: is_staff: sent, not read (a key the app does not use) (1 row)"],
    });
    expect(byCall(reports, "POST /api/token/").details).toEqual([
      "tolerated: refresh: sent, not read (a key the app does not use) (1 row)",
    ]);
    expect(byCall(reports, "GET /student/api/v1/card/7/pdf/")).toMatchObject({ outcome: "works" });
    // Teacher endpoints where the app's default guess does not find them.
    expect(byCall(reports, "GET /teacher/api/v1/demand/teacher/")).toMatchObject({
      outcome: "failed",
      summary: expect.stringMatching(/^HTTP 404 \(is the kind mounted elsewhere\? config\.json's kindPaths/),
    });
    expect(byCall(reports, "GET /staff/api/v1/card/personnel/{id}/")).toMatchObject({ outcome: "skipped" });
    const printed = formatReport(base, reports);
    expect(printed).toMatch(/^FAILED {3}GET \/student\/api\/v1\/demand\/: 1 of 3 rows could not be read$/m);
    expect(printed).toMatch(/^ {11}row 61: /m);
  });

  it("the command reads the site's config.json (--config): its apiBaseUrl and kindPaths; exit code 1 on a row it cannot read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "check-backend-"));
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify({ mode: "live", apiBaseUrl: base, kindPaths: teacherBesideStaff }));
    const failure = await promisify(execFile)(
      node,
      ["scripts/check-backend.ts", "--config", config, "--username", "admin", "--password", "secret"],
      { cwd: root },
    ).then(
      () => null,
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/^works {4}GET \/staff\/api\/v1\/demand\/teacher\/: 1 row read$/m);
    expect(failure?.stdout).toMatch(/^FAILED {3}GET \/student\/api\/v1\/demand\/: 1 of 3 rows could not be read$/m);

    writeFileSync(config, JSON.stringify({ mode: "live", apiBaseUrl: base, kindPaths: { teachers: {} } }));
    const refused = await promisify(execFile)(node, ["scripts/check-backend.ts", "--config", config], {
      cwd: root,
    }).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain("kindPaths.teachers is not a kind");
  });

  it("follows config.json's kindPaths to the teacher endpoints the team mounted beside the staff ones", async () => {
    const reports = await checkBackend({
      apiBaseUrl: base,
      username: "admin",
      password: "secret",
      kindPaths: teacherBesideStaff,
    });
    expect(byCall(reports, "GET /staff/api/v1/demand/teacher/")).toMatchObject({
      outcome: "works",
      summary: "1 row read",
    });
    expect(byCall(reports, `GET /staff/api/v1/demand/teacher/${fx.teacherDemand.id}/`)).toMatchObject({
      outcome: "works",
    });
    expect(reports.some((report) => report.call.startsWith("GET /teacher/"))).toBe(false);
  });
});
