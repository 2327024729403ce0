// @vitest-environment node
import { beforeEach, describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { staff, student, teacher } from "../../kinds";
import { configureApi } from "../runtime";
import { listDemands, submitDemand, validateDemand, validateDemandSimple } from "./demands";
import { empty, formEntries, json, params, rejection, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

// ── Demand lists ────────────────────────────────────────────────────────────────────────────────────────────

describe("listDemands", () => {
  beforeEach(() => {
    backend.token = "t";
    answer(() => json(fx.pageOf([])));
  });

  it.each([
    [undefined, { validated: "false" }],
    ["no_validated", { validated: "false" }],
    ["validated", { validated: "true" }],
    ["all", {}],
  ] as const)("filter %s sends %o", async (filter, expected) => {
    await listDemands(student, filter === undefined ? {} : { filter });
    const s = only();
    expect(s.url.pathname).toBe("/student/api/v1/demand/");
    expect(params(s)).toEqual(expected);
  });

  it("sends search when present and omits it when empty", async () => {
    await listDemands(staff, { search: "PER10", filter: "all" });
    await listDemands(staff, { search: "", filter: "all" });
    await listDemands(staff, { search: "DMPER0001" });
    expect(backend.sent.map((s) => s.url.pathname)).toEqual(Array(3).fill("/staff/api/v1/demand/personnel/"));
    expect(backend.sent.map(params)).toEqual([{ search: "PER10" }, {}, { search: "DMPER0001", validated: "false" }]);
  });

  it("date-filter extension: sends received_after, received_before and ordering, and nothing when unused", async () => {
    await listDemands(student, {
      filter: "all",
      receivedAfter: "2026-11-23",
      receivedBefore: "2026-11-26",
      oldestFirst: true,
    });
    await listDemands(student, { filter: "all", receivedAfter: "2026-11-26" });
    await listDemands(student, { filter: "all", oldestFirst: false });
    expect(backend.sent.map(params)).toEqual([
      { received_after: "2026-11-23", received_before: "2026-11-26", ordering: "insert_at" },
      { received_after: "2026-11-26" },
      {},
    ]);
  });

  it.each([404, 405])(
    "date-filter extension: a first page answered %i means the server does not offer it",
    async (status) => {
      answer(() => json({ detail: "Not found." }, status));
      const error = await rejection(listDemands(student, { receivedAfter: "2026-11-26" }));
      expect(error).toMatchObject({ kind: "extensionMissing", extension: "date-filter" });
      const plain = await rejection(listDemands(student, {}));
      expect(plain).toMatchObject({ kind: status === 404 ? "notFound" : "http" });
    },
  );

  it("URL-encodes the search text", async () => {
    await listDemands(student, { search: "Épiphanie & co", filter: "all" });
    expect(only().url.searchParams.get("search")).toBe("Épiphanie & co");
  });

  it("follows a next link as-is, ignoring search and filter", async () => {
    const link = "http://localhost/student/api/v1/demand/?page=2&search=21T&validated=true";
    await listDemands(student, { link, search: "other", filter: "no_validated" });
    const s = only();
    expect(s.method).toBe("GET");
    expect(s.href).toBe(link);
  });

  it("a link of another scheme or host (Django behind a TLS proxy) is followed on the list's own URL under the base URL, with the token there only", async () => {
    configureApi({ baseUrl: "https://cards.univ.cm/backend/" });
    backend.token = "secret-token";
    answer(() => json({ count: 0, next: null, previous: null, results: [] }));
    for (const link of [
      "http://10.0.0.5:8000/backend/staff/api/v1/demand/personnel/?page=2&validated=false",
      "http://cards.univ.cm/backend/staff/api/v1/demand/personnel/?page=2&validated=false",
      "//evil.example/steal/?page=2&validated=false",
    ])
      await listDemands(staff, { link });
    expect(backend.sent.map((s) => s.href)).toEqual(
      Array(3).fill("https://cards.univ.cm/backend/staff/api/v1/demand/personnel/?page=2&validated=false"),
    );
    expect(backend.sent.map((s) => s.headers.get("authorization"))).toEqual(Array(3).fill("Bearer secret-token"));
  });

  it("never follows a link that is not http(s): nothing is sent (so neither is the token), a decode error instead", async () => {
    backend.token = "secret-token";
    for (const link of ["javascript:alert(1)", "data:text/plain,page=2", "ftp://10.0.0.5/staff/?page=2"]) {
      expect(await rejection(listDemands(staff, { link }))).toMatchObject({
        kind: "decode",
        endpoint: link,
        status: null,
      });
    }
    expect(backend.sent).toEqual([]);
  });

  it("follows a link on the API's origin below a base URL with a path, with the token", async () => {
    configureApi({ baseUrl: "https://host.example/backend/" });
    backend.token = "secret-token";
    const link = "https://host.example/backend/staff/api/v1/demand/personnel/?page=2";
    answer(() => json({ count: 0, next: null, previous: null, results: [] }));
    await listDemands(staff, { link });
    expect(only().href).toBe(link);
    expect(only().headers.get("authorization")).toBe("Bearer secret-token");
  });

  it("reports the link as the endpoint of a failure on a followed link", async () => {
    const link = "http://localhost/student/api/v1/demand/?page=9";
    answer(() => json({ detail: "Invalid page." }, 404));
    expect(await rejection(listDemands(student, { link }))).toMatchObject({ kind: "notFound", endpoint: link });
  });
});

// ── Multipart bodies ────────────────────────────────────────────────────────────────────────────────────────

describe("submitDemand", () => {
  const photo = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "photo-epiphanie.jpg", { type: "image/jpeg" });

  it("sends multipart fields with the photo when present and decodes the answer", async () => {
    answer(() => json(fx.submitted, 201));
    const result = await submitDemand(student, { ...fx.studentSubmission, photo: photo(), niveau: fx.niveau.id });
    expect(result).toEqual(fx.submitted);
    const s = only();
    expect(s.method).toBe("POST");
    expect(s.url.pathname).toBe("/student/api/v1/demand/submit/");
    expect(s.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const form = formEntries(s);
    for (const [key, value] of Object.entries(fx.studentSubmission)) expect(form.get(key)).toBe(String(value));
    expect(form.get("firstname")).toBe("Épiphanie");
    expect(form.get("niveau")).toBe(String(fx.niveau.id));
    const sentPhoto = form.get("photo");
    expect(sentPhoto).toBeInstanceOf(File);
    expect((sentPhoto as File).name).toBe("photo-epiphanie.jpg");
    expect((sentPhoto as File).type).toBe("image/jpeg");
    expect(new Uint8Array(await (sentPhoto as File).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    );
  });

  it("names a bare Blob photo so the server sees a file", async () => {
    answer(() => json(fx.submitted, 201));
    await submitDemand(student, {
      ...fx.studentSubmission,
      photo: new Blob([new Uint8Array([1])], { type: "image/jpeg" }),
    });
    const sentPhoto = formEntries(only()).get("photo");
    expect(sentPhoto).toBeInstanceOf(File);
    expect((sentPhoto as File).name).toBe("photo.jpg");
  });

  it.each([undefined, null])("leaves photo and niveau out when they are %s", async (missing) => {
    answer(() => json(fx.submitted, 201));
    await submitDemand(student, { ...fx.studentSubmission, photo: missing, niveau: missing });
    const form = formEntries(only());
    expect(form.has("photo")).toBe(false);
    expect(form.has("niveau")).toBe(false);
    expect(form.get("register")).toBe(fx.studentSubmission.register);
  });

  it("sends no token-dependent header for a public submission without a session", async () => {
    answer(() => json(fx.submitted, 201));
    await submitDemand(staff, fx.staffSubmission);
    const s = only();
    expect(s.url.pathname).toBe("/staff/api/v1/demand/personnel/submit/");
    expect(s.headers.has("authorization")).toBe(false);
    expect(formEntries(s).get("birth_place")).toBe("Ébolowa");
  });
});

describe("validateDemand", () => {
  beforeEach(() => {
    backend.token = "t";
    answer(() => json({ id: "x", validated: true }));
  });

  it("takes any 2xx answer as a success: 204 and {} give null, the demand or {id, validated, card} what it says", async () => {
    answer(() => empty(204));
    await expect(validateDemandSimple(student, "x")).resolves.toBeNull();
    answer(() => json({}));
    await expect(validateDemandSimple(student, "x")).resolves.toBeNull();
    answer(() => json("OK", 202));
    await expect(validateDemandSimple(student, "x")).resolves.toBeNull();
    answer(() => json({ ...fx.studentDemand, validated: true }, 201));
    await expect(validateDemand(student, "x", {})).resolves.toMatchObject({ id: fx.studentDemand.id, validated: true });
    answer(() => json(fx.validated));
    await expect(validateDemandSimple(student, "x")).resolves.toEqual(fx.validated);
  });

  it.each([
    ["missing", {}],
    ["undefined", { niveau: undefined }],
    ["null", { niveau: null }],
  ])("student: always sends niveau, empty when %s", async (_label, niveau) => {
    const { niveau: _drop, ...rest } = { ...fx.studentSubmission, niveau: 1 };
    await validateDemand(student, fx.studentDemand.id, { ...rest, ...niveau });
    const s = only();
    expect(s.url.pathname).toBe(`/student/api/v1/demand/${fx.studentDemand.id}/validation/`);
    const form = formEntries(s);
    expect(form.has("niveau")).toBe(true);
    expect(form.get("niveau")).toBe("");
  });

  it("student: sends the given niveau and the photo", async () => {
    const photo = new File([new Uint8Array([9, 9])], "photo.jpg", { type: "image/jpeg" });
    await validateDemand(student, fx.studentDemand.id, { ...fx.studentSubmission, niveau: fx.niveau.id, photo });
    const form = formEntries(only());
    expect(form.getAll("niveau")).toEqual([String(fx.niveau.id)]);
    expect(form.get("photo")).toBeInstanceOf(File);
  });

  it("staff: never adds niveau", async () => {
    await validateDemand(staff, fx.staffDemand.id, fx.staffSubmission);
    const s = only();
    expect(s.url.pathname).toBe(`/staff/api/v1/demand/personnel/${fx.staffDemand.id}/validation/`);
    expect(formEntries(s).has("niveau")).toBe(false);
    expect(formEntries(s).get("nid")).toBe(fx.staffDemand.nid);
  });

  it("teacher: never adds niveau", async () => {
    await validateDemand(teacher, fx.teacherDemand.id, { grade: fx.grade.id });
    expect(formEntries(only()).has("niveau")).toBe(false);
  });

  it("simple validation posts no body to validation_simple/", async () => {
    const result = await validateDemandSimple(student, fx.studentDemand.id);
    expect(result).toEqual({ id: "x", validated: true });
    const s = only();
    expect(s.method).toBe("POST");
    expect(s.url.pathname).toBe(`/student/api/v1/demand/${fx.studentDemand.id}/validation_simple/`);
    expect(s.body).toBeNull();
  });
});
