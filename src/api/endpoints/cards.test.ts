// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { staff, student, teacher, type AnyKind } from "../../kinds";
import { checkCard, exportCards, listCards, notifyPrint } from "./cards";
import { json, params, rejection, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

// ── Card lists ──────────────────────────────────────────────────────────────────────────────────────────────

describe("listCards", () => {
  beforeEach(() => {
    backend.token = "t";
    answer(() => json(fx.pageOf([])));
  });

  it("filters student and teacher cards by faculty and staff cards by service", async () => {
    await listCards(student, { filter: 2 });
    await listCards(teacher, { filter: 1, search: "ENS" });
    await listCards(staff, { filter: 1 });
    expect(backend.sent.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      "/student/api/v1/card/?faculty=2",
      "/teacher/api/v1/card/teacher/?search=ENS&faculty=1",
      "/staff/api/v1/card/personnel/?service=1",
    ]);
  });

  it("omits an empty search and an absent filter", async () => {
    await listCards(student, { search: "", filter: null });
    await listCards(student);
    expect(backend.sent.map((s) => s.url.search)).toEqual(["", ""]);
  });

  it("follows a previous link as-is", async () => {
    const link = "http://localhost/student/api/v1/card/?faculty=2";
    await listCards(student, { link, filter: 5 });
    expect(only().href).toBe(link);
  });

  it("decodes each kind's cards", async () => {
    answer(() => json(fx.pageOf([fx.staffCard])));
    await expect(listCards(staff)).resolves.toEqual(fx.pageOf([fx.staffCard]));
    // Another kind's card is a row the list cannot read: left out and counted, the page kept.
    answer(() => json(fx.pageOf([fx.staffCard, fx.studentCard])));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(listCards(student)).resolves.toMatchObject({ results: [fx.studentCard], skipped: 1 });
    answer(() => json({ count: 1, results: { 0: fx.studentCard }, next: null, previous: null }));
    expect((await rejection(listCards(student))).kind).toBe("decode");
  });
});

// ── Exports and print counts ────────────────────────────────────────────────────────────────────────────────

describe("exportCards", () => {
  const csv = "code;nom;prénom\nPCSTUD0001;Ngono;Épiphanie\n";

  it("exports staff cards filtered by service and omits the filter when absent", async () => {
    answer(() => new Response(csv, { headers: { "content-type": "text/csv" } }));
    await exportCards(staff, fx.service.id);
    await exportCards(staff);
    await exportCards(staff, null);
    expect(backend.sent.map((s) => s.url.pathname)).toEqual(Array(3).fill("/staff/api/v1/card/personnel/export/"));
    expect(backend.sent.map(params)).toEqual([{ service: String(fx.service.id) }, {}, {}]);
  });

  it("sends the list's state (extension lifecycle) beside the filter, and nothing when there is none", async () => {
    answer(() => new Response(csv, { headers: { "content-type": "text/csv" } }));
    await exportCards(student, 2, "suspended");
    await exportCards(student, null, null);
    expect(backend.sent.map(params)).toEqual([{ faculty: "2", state: "suspended" }, {}]);
  });
});

describe("notifyPrint", () => {
  it("notifyPrint answers the new print count", async () => {
    backend.token = "t";
    answer(() => json(fx.printCount));
    await expect(notifyPrint(staff, fx.staffCard.id)).resolves.toEqual(fx.printCount);
    expect(`${only().method} ${only().url.pathname}`).toBe(
      `POST /staff/api/v1/card/personnel/${fx.staffCard.id}/notify_print/`,
    );
  });
});

// ── Card check ──────────────────────────────────────────────────────────────────────────────────────────────

describe("checkCard", () => {
  it.each<[AnyKind, string, object]>([
    [student, "/student/api/v1/checkcard/", fx.studentCheck],
    [staff, "/staff/api/v1/checkcard/personnel", fx.staffCheck],
    [teacher, "/teacher/api/v1/checkcard/teacher", fx.teacherCheck],
  ])("%# posts {tokenCard} as JSON to the kind's check path, never in the URL", async (kind, path, check) => {
    answer(() => json(check));
    await expect(checkCard(kind, fx.cardToken)).resolves.toEqual(check);
    const s = only();
    expect(s.method).toBe("POST");
    expect(s.url.pathname).toBe(path);
    expect(s.url.search).toBe("");
    expect(s.href).not.toContain(fx.cardToken);
    expect(s.href).not.toContain(encodeURIComponent(fx.cardToken));
    expect(s.headers.get("content-type")).toMatch(/^application\/json/);
    expect(s.body).toEqual({ tokenCard: encodeURIComponent(fx.cardToken) });
  });

  it("staff and teacher answers without duration_year_str (docs/spec.md §3 lists it for students only) are cards all the same", async () => {
    for (const [kind, check] of [
      [staff, fx.staffCheck],
      [teacher, fx.teacherCheck],
    ] as const) {
      const { duration_year_str: _year, ...withoutYear } = check;
      answer(() => json(withoutYear));
      await expect(checkCard(kind, fx.cardToken)).resolves.toEqual(withoutYear);
    }
  });

  it("sends the token URL-encoded (docs/spec.md §5), as the QR link carries it", async () => {
    answer(() => json(fx.studentCheck));
    await checkCard(student, "ab+c/d=é");
    expect(only().body).toEqual({ tokenCard: "ab%2Bc%2Fd%3D%C3%A9" });
  });

  it("an unknown token answered 404 is notFound", async () => {
    answer(() => json({ detail: "Not found." }, 404));
    expect(await rejection(checkCard(student, "unknown"))).toMatchObject({ kind: "notFound", operation: "checkCard" });
  });
});
