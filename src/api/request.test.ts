// @vitest-environment node
// Node environment: ky, Request, FormData and File must all be the runtime's own (a jsdom File appended to
// Node's FormData is serialised empty, which would hide what the client really sends).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student, teacher, type AnyKind } from "../kinds";
import {
  ApiError,
  checkCard,
  configureApi,
  createAgent,
  deleteAgent,
  exportAllCards,
  exportCards,
  getCard,
  getCardPdf,
  getDemand,
  getProfile,
  getReferenceList,
  getStats,
  listAgents,
  listCards,
  listDemands,
  login,
  logout,
  notifyPrint,
  paths,
  referenceNames,
  submitDemand,
  updatePassword,
  validateDemand,
  validateDemandSimple,
} from "./index";

// ── A stub backend behind globalThis.fetch ──────────────────────────────────────────────────────────────────

/** What the stub backend received: one entry per HTTP attempt. */
interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly href: string;
  readonly headers: Headers;
  /** Parsed body: FormData for multipart, a value for JSON, text otherwise, null when empty. */
  readonly body: unknown;
}

type Handler = (sent: Sent, attempt: number) => Response | Promise<Response>;

let sent: Sent[] = [];
let handler: Handler = () => new Response(null, { status: 204 });
let token: string | null = null;
let onUnauthorized = vi.fn();

const readSent = async (request: Request): Promise<Sent> => {
  const type = request.headers.get("content-type") ?? "";
  const copy = request.clone();
  let body: unknown = null;
  if (type.startsWith("multipart/form-data")) body = await copy.formData();
  else {
    const text = await copy.text();
    if (text !== "") body = type.includes("json") ? JSON.parse(text) : text;
  }
  return { method: request.method, url: new URL(request.url), href: request.url, headers: request.headers, body };
};

const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const entry = await readSent(request);
  sent.push(entry);
  return handler(entry, sent.length);
};

/** Answers every request with the same (fresh) response. */
const answer = (make: () => Response) => {
  handler = () => make();
};
/** Answers attempt n with makes[n-1]; the last one repeats. */
const answerInTurn = (...makes: ((sent: Sent) => Response)[]) => {
  handler = (s, attempt) => makes[Math.min(attempt, makes.length) - 1]!(s);
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const empty = (status: number) => new Response(null, { status });

beforeEach(() => {
  sent = [];
  token = null;
  onUnauthorized = vi.fn();
  handler = () => empty(204);
  vi.stubGlobal("fetch", vi.fn(stubFetch));
  configureApi({ baseUrl: "http://localhost", getToken: () => token, onUnauthorized, timeoutMs: 20_000 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The ApiError a call rejects with (fails the test when it resolves or rejects with something else). */
const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  return outcome.error as ApiError;
};

const only = (): Sent => {
  expect(sent).toHaveLength(1);
  return sent[0]!;
};
const params = (s: Sent) => Object.fromEntries(s.url.searchParams);
const formEntries = (s: Sent) => {
  expect(s.body).toBeInstanceOf(FormData);
  return s.body as FormData;
};

// ── Authentication header ───────────────────────────────────────────────────────────────────────────────────

describe("bearer token", () => {
  it("keeps the token off public calls: login, submit, reference lists, card check (spec §6)", async () => {
    token = "stale-token";
    answer(() => json(fx.token));
    await login("admin", "Admin@2026");
    answer(() => json(fx.submitted, 201));
    await submitDemand(student, fx.studentSubmission);
    answer(() => json(fx.referenceData.faculty));
    await getReferenceList("faculty");
    answer(() => json(fx.studentCheck));
    await checkCard(student, fx.cardToken);
    expect(sent).toHaveLength(4);
    for (const s of sent) expect(s.headers.get("authorization")).toBeNull();
  });

  it("sends the token given by configureApi({ getToken })", async () => {
    token = fx.token.access;
    answer(() => json(fx.profile));
    await getProfile();
    expect(only().headers.get("authorization")).toBe(`Bearer ${fx.token.access}`);
  });

  it("reads the token on every call (a new token after login is used at once)", async () => {
    answer(() => json(fx.stats));
    token = "first";
    await getStats();
    token = "second";
    await getStats();
    expect(sent.map((s) => s.headers.get("authorization"))).toEqual(["Bearer first", "Bearer second"]);
  });

  it("sends no Authorization header without a token", async () => {
    answer(() => json(fx.token));
    await login("admin", "Secr3t!");
    expect(only().headers.has("authorization")).toBe(false);
  });

  it("sends no Authorization header when the token is an empty string", async () => {
    token = "";
    answer(() => json(fx.stats));
    await getStats();
    expect(only().headers.has("authorization")).toBe(false);
  });
});

// ── Decoding answers ────────────────────────────────────────────────────────────────────────────────────────

describe("JSON answers", () => {
  it("decodes a JSON 2xx into the entity", async () => {
    token = "t";
    answer(() => json(fx.profile));
    await expect(getProfile()).resolves.toEqual(fx.profile);
  });

  it("decodes with a charset parameter and tolerates unknown extra keys", async () => {
    answer(() => json({ ...fx.stats, cards_printed_today: 3 }, 200, { "content-type": "application/json; charset=utf-8" }));
    const stats = await getStats();
    expect(stats).toMatchObject(fx.stats);
  });

  it("decodes a paged list", async () => {
    const page = fx.pageOf([fx.studentDemand], { count: 21, next: "http://localhost/student/api/v1/demand/?page=2" });
    answer(() => json(page));
    await expect(listDemands(student)).resolves.toEqual(page);
  });

  it("rejects an undecodable 2xx with kind decode, carrying operation and endpoint", async () => {
    answer(() => json({ ...fx.studentDemand, gender: 3 }));
    const error = await rejection(getDemand(student, fx.studentDemand.id));
    expect(error).toMatchObject({
      kind: "decode",
      operation: "getDemand",
      endpoint: `/student/api/v1/demand/${fx.studentDemand.id}/`,
      status: 200,
    });
    expect(error.content).toMatchObject({ content: { gender: 3 } });
  });

  it("rejects a 2xx whose list items are of another shape with kind decode", async () => {
    answer(() => json([{ id: "7", username: "x" }]));
    const error = await rejection(listAgents());
    expect(error).toMatchObject({ kind: "decode", operation: "listAgents", endpoint: paths.agents });
  });

  it("rejects an empty 2xx where an entity is expected with kind decode", async () => {
    answer(() => empty(204));
    expect(await rejection(getStats())).toMatchObject({ kind: "decode", operation: "getStats" });
  });
});

describe("JSON only when the content type says so", () => {
  it("does not parse a JSON-looking body sent as text/plain", async () => {
    answer(() => new Response(JSON.stringify(fx.stats), { headers: { "content-type": "text/plain; charset=utf-8" } }));
    const error = await rejection(getStats());
    expect(error.kind).toBe("decode");
    // The body was kept as a file, not parsed into an object.
    expect(error.content).toMatchObject({ content: { contentType: "text/plain; charset=utf-8", fileName: null } });
  });

  it("parses +json types (problem details) in error answers", async () => {
    answer(() => json({ detail: "Not found." }, 404, { "content-type": "application/problem+json" }));
    const error = await rejection(getCard(staff, "absent"));
    expect(error).toMatchObject({ kind: "notFound", status: 404, content: { detail: "Not found." } });
  });

  it("a 400 with a register problem is exist only when the body is JSON", async () => {
    const problem = JSON.stringify({ register: ["already exists"] });
    answer(() => new Response(problem, { status: 400, headers: { "content-type": "application/json" } }));
    expect((await rejection(submitDemand(student, fx.studentSubmission))).kind).toBe("exist");

    answer(() => new Response(problem, { status: 400, headers: { "content-type": "text/html" } }));
    const error = await rejection(submitDemand(student, fx.studentSubmission));
    expect(error.kind).toBe("badRequest");
    expect(error.content).toMatchObject({ contentType: "text/html" });
  });

  it("an empty JSON error body gives null content", async () => {
    answer(() => new Response("", { status: 404, headers: { "content-type": "application/json" } }));
    expect(await rejection(getDemand(student, "x"))).toMatchObject({ kind: "notFound", content: null });
  });

  it("a malformed JSON error body is kept as its text", async () => {
    answer(() => new Response("{oops", { status: 400, headers: { "content-type": "application/json" } }));
    expect(await rejection(createAgent(fx.newAgent))).toMatchObject({ kind: "exist", content: "{oops" });
  });
});

// ── Files ───────────────────────────────────────────────────────────────────────────────────────────────────

describe("file answers", () => {
  const csv = "code;nom;prénom\nPCSTUD0001;Ngono;Épiphanie\n";

  it("resolves a text/csv answer as a file named by Content-Disposition", async () => {
    token = "t";
    answer(
      () =>
        new Response(csv, {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="cartes_etudiants.csv"' },
        }),
    );
    const file = await exportCards(student, fx.faculty.id);
    expect(file.fileName).toBe("cartes_etudiants.csv");
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.blob).toBeInstanceOf(Blob);
    expect(await file.blob.text()).toBe(csv);
    const s = only();
    expect(s.url.pathname).toBe("/student/api/v1/card/export/");
    expect(params(s)).toEqual({ faculty: String(fx.faculty.id) });
  });

  it("decodes an RFC 5987 filename* with accents", async () => {
    answer(
      () =>
        new Response(csv, {
          headers: {
            "content-type": "text/csv",
            "content-disposition": `attachment; filename="cartes.csv"; filename*=UTF-8''cartes-%C3%A9tudiants.csv`,
          },
        }),
    );
    expect((await exportAllCards()).fileName).toBe("cartes-étudiants.csv");
    expect(only().url.pathname).toBe("/base/api/v1/cards/export/");
  });

  it("resolves a PDF without Content-Disposition with a null file name and its bytes", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]); // %PDF-1.7
    answer(() => new Response(bytes, { headers: { "content-type": "application/pdf" } }));
    const file = await getCardPdf(student, fx.studentCard.id);
    expect(file.fileName).toBeNull();
    expect(file.contentType).toBe("application/pdf");
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(only().url.pathname).toBe(`/student/api/v1/card/${fx.studentCard.id}/pdf/`);
  });

  it("rejects with kind decode when a file call is answered with JSON", async () => {
    answer(() => json({ detail: "ok" }));
    expect(await rejection(exportAllCards())).toMatchObject({ kind: "decode", operation: "exportCards", content: { detail: "ok" } });
  });

  it("exports staff cards filtered by service and omits the filter when absent", async () => {
    answer(() => new Response(csv, { headers: { "content-type": "text/csv" } }));
    await exportCards(staff, fx.service.id);
    await exportCards(staff);
    await exportCards(staff, null);
    expect(sent.map((s) => s.url.pathname)).toEqual(Array(3).fill("/staff/api/v1/card/personnel/export/"));
    expect(sent.map(params)).toEqual([{ service: String(fx.service.id) }, {}, {}]);
  });
});

// ── Error statuses through the real transport ───────────────────────────────────────────────────────────────

describe("error statuses", () => {
  it("a 401 on a protected call rejects with unauthorized and calls onUnauthorized", async () => {
    token = "expired";
    answer(() => json({ detail: "Given token not valid for any token type" }, 401));
    const error = await rejection(listDemands(student));
    expect(error).toMatchObject({ kind: "unauthorized", operation: "listDemands", status: 401, endpoint: "/student/api/v1/demand/" });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("login 401 with detail is notValid and does not end a session", async () => {
    answer(() => json({ detail: "No active account found with the given credentials" }, 401));
    const error = await rejection(login("admin", "wrong"));
    expect(error).toMatchObject({ kind: "notValid", operation: "login", endpoint: "/api/token/", status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("login 401 without detail is a generic http error", async () => {
    answer(() => empty(401));
    expect((await rejection(login("admin", "x"))).kind).toBe("http");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [502, "badGateway"],
    [500, "server"],
  ] as const)("login %i is %s, sent once", async (status, kind) => {
    answer(() => json({ detail: "upstream" }, status));
    expect(await rejection(login("admin", "x"))).toMatchObject({ kind, status, content: { detail: "upstream" } });
    expect(sent).toHaveLength(1);
  });

  it("a 400 on createAgent is exist", async () => {
    token = "t";
    answer(() => json({ username: ["A user with that username already exists."] }, 400));
    expect(await rejection(createAgent(fx.newAgent))).toMatchObject({ kind: "exist", operation: "createAgent", status: 400 });
  });

  it("a 400 on submitDemand without a register problem is badRequest", async () => {
    answer(() => json({ email: ["Enter a valid email address."] }, 400));
    expect((await rejection(submitDemand(student, fx.studentSubmission))).kind).toBe("badRequest");
  });

  it("a 403 is a generic http error and does not end the session", async () => {
    token = "t";
    answer(() => json({ detail: "forbidden" }, 403));
    expect((await rejection(deleteAgent(fx.agent.id))).kind).toBe("http");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

// ── Network failures, timeouts and retries ──────────────────────────────────────────────────────────────────

describe("network failures", () => {
  it("a failed fetch rejects with kind network and no status (POST: attempted once)", async () => {
    handler = () => {
      throw new TypeError("Failed to fetch");
    };
    const error = await rejection(login("admin", "x"));
    expect(error).toMatchObject({ kind: "network", operation: "login", endpoint: "/api/token/", status: null });
    expect(sent).toHaveLength(1);
  });

  it("a call that outlives the timeout rejects with kind network and reason timeout", async () => {
    configureApi({ timeoutMs: 30 });
    handler = () => new Promise<Response>(() => {});
    expect(await rejection(checkCard(student, fx.cardToken))).toMatchObject({ kind: "network", content: "timeout", status: null });
  });
});

describe("retries", () => {
  /** Runs a call under fake timers, letting ky's backoff elapse instantly. */
  const withFakeTimers = async <A>(call: () => Promise<A>): Promise<PromiseSettledResult<A>> => {
    vi.useFakeTimers();
    const settled = Promise.allSettled([call()]);
    await vi.advanceTimersByTimeAsync(10_000);
    const [result] = await settled;
    return result!;
  };

  it("retries a GET answered 503 and resolves with the later success", async () => {
    answerInTurn(
      () => empty(503),
      () => json(fx.stats),
    );
    const result = await withFakeTimers(() => getStats());
    expect(result).toEqual({ status: "fulfilled", value: fx.stats });
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(Array(2).fill("GET /base/api/v1/stats/"));
  });

  it("gives up after two retries of a GET and rejects with kind server", async () => {
    answer(() => json({ detail: "maintenance" }, 503));
    const result = await withFakeTimers(() => getProfile());
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "server", status: 503, content: { detail: "maintenance" } });
    expect(sent).toHaveLength(3);
  });

  it("retries a GET after a network failure", async () => {
    answerInTurn(
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => json([fx.agent]),
    );
    const result = await withFakeTimers(() => listAgents());
    expect(result).toEqual({ status: "fulfilled", value: [fx.agent] });
    expect(sent).toHaveLength(2);
  });

  it("does not retry a GET answered 404", async () => {
    answer(() => json({ detail: "Not found." }, 404));
    const result = await withFakeTimers(() => getDemand(staff, "x"));
    expect(result.status).toBe("rejected");
    expect(sent).toHaveLength(1);
  });

  it.each<[string, () => Promise<unknown>]>([
    ["POST submitDemand", () => submitDemand(student, fx.studentSubmission)],
    ["POST notifyPrint", () => notifyPrint(student, fx.studentCard.id)],
    ["POST checkCard", () => checkCard(staff, fx.cardToken)],
    ["PUT updatePassword", () => updatePassword(fx.profile.id, "N0uveau!pass")],
    ["DELETE deleteAgent", () => deleteAgent(fx.agent.id)],
  ])("%s answered 503 is sent exactly once", async (_label, call) => {
    answer(() => empty(503));
    const result = await withFakeTimers(call);
    expect(result.status).toBe("rejected");
    expect(((result as PromiseRejectedResult).reason as ApiError).kind).toBe("server");
    expect(sent).toHaveLength(1);
  });
});

// ── Demand lists ────────────────────────────────────────────────────────────────────────────────────────────

describe("listDemands", () => {
  beforeEach(() => {
    token = "t";
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
    expect(sent.map((s) => s.url.pathname)).toEqual(Array(3).fill("/staff/api/v1/demand/personnel/"));
    expect(sent.map(params)).toEqual([{ search: "PER10" }, {}, { search: "DMPER0001", validated: "false" }]);
  });

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

  it("never follows a link to another origin: nothing is sent (so neither is the token), a decode error instead", async () => {
    token = "secret-token";
    for (const link of [
      "https://api.campus-uy1.cm/staff/api/v1/demand/personnel/?page=3",
      "http://localhost:9999/staff/api/v1/demand/personnel/?page=3",
      "//evil.example/staff/api/v1/demand/personnel/?page=3",
      "javascript:alert(1)",
    ]) {
      expect(await rejection(listDemands(staff, { link }))).toMatchObject({ kind: "decode", endpoint: link, status: null });
    }
    expect(sent).toEqual([]);
  });

  it("follows a link on the API's origin below a base URL with a path, with the token", async () => {
    configureApi({ baseUrl: "https://host.example/backend/" });
    token = "secret-token";
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

// ── Card lists ──────────────────────────────────────────────────────────────────────────────────────────────

describe("listCards", () => {
  beforeEach(() => {
    token = "t";
    answer(() => json(fx.pageOf([])));
  });

  it("filters student and teacher cards by faculty and staff cards by service", async () => {
    await listCards(student, { filter: 2 });
    await listCards(teacher, { filter: 1, search: "ENS" });
    await listCards(staff, { filter: 1 });
    expect(sent.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      "/student/api/v1/card/?faculty=2",
      "/teacher/api/v1/card/teacher/?search=ENS&faculty=1",
      "/staff/api/v1/card/personnel/?service=1",
    ]);
  });

  it("omits an empty search and an absent filter", async () => {
    await listCards(student, { search: "", filter: null });
    await listCards(student);
    expect(sent.map((s) => s.url.search)).toEqual(["", ""]);
  });

  it("follows a previous link as-is", async () => {
    const link = "http://localhost/student/api/v1/card/?faculty=2";
    await listCards(student, { link, filter: 5 });
    expect(only().href).toBe(link);
  });

  it("decodes each kind's cards", async () => {
    answer(() => json(fx.pageOf([fx.staffCard])));
    await expect(listCards(staff)).resolves.toEqual(fx.pageOf([fx.staffCard]));
    answer(() => json(fx.pageOf([fx.staffCard])));
    expect((await rejection(listCards(student))).kind).toBe("decode");
  });
});

// ── Multipart bodies ────────────────────────────────────────────────────────────────────────────────────────

describe("submitDemand", () => {
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "photo-epiphanie.jpg", { type: "image/jpeg" });

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
    expect(new Uint8Array(await (sentPhoto as File).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  });

  it("names a bare Blob photo so the server sees a file", async () => {
    answer(() => json(fx.submitted, 201));
    await submitDemand(student, { ...fx.studentSubmission, photo: new Blob([new Uint8Array([1])], { type: "image/jpeg" }) });
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
    token = "t";
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

  it("staff and teacher answers without duration_year_str (spec §3 lists it for students only) are cards all the same", async () => {
    for (const [kind, check] of [[staff, fx.staffCheck], [teacher, fx.teacherCheck]] as const) {
      const { duration_year_str: _year, ...withoutYear } = check;
      answer(() => json(withoutYear));
      await expect(checkCard(kind, fx.cardToken)).resolves.toEqual(withoutYear);
    }
  });

  it("sends the token URL-encoded (spec §5), as the QR link carries it", async () => {
    answer(() => json(fx.studentCheck));
    await checkCard(student, "ab+c/d=é");
    expect(only().body).toEqual({ tokenCard: "ab%2Bc%2Fd%3D%C3%A9" });
  });

  it("an unknown token answered 404 is notFound", async () => {
    answer(() => json({ detail: "Not found." }, 404));
    expect(await rejection(checkCard(student, "unknown"))).toMatchObject({ kind: "notFound", operation: "checkCard" });
  });
});

// ── Reference lists ─────────────────────────────────────────────────────────────────────────────────────────

describe("reference lists", () => {
  it.each(referenceNames)("%s is fetched unpaginated from /institution/api/v1/", async (name) => {
    answer(() => json(fx.referenceData[name]));
    await expect(getReferenceList(name)).resolves.toEqual(fx.referenceData[name]);
    const s = only();
    expect(s.method).toBe("GET");
    expect(s.url.pathname).toBe(`/institution/api/v1/${name}/`);
    expect(params(s)).toEqual({ no_pagination: "true" });
  });

  it("a paged answer to a reference call is a decode error", async () => {
    answer(() => json(fx.pageOf([fx.faculty])));
    expect(await rejection(getReferenceList("faculty"))).toMatchObject({ kind: "decode", endpoint: "/institution/api/v1/faculty/" });
  });
});

// ── Session, agents, stats ──────────────────────────────────────────────────────────────────────────────────

describe("session, agents and stats calls", () => {
  it("login posts JSON credentials and answers the token", async () => {
    answer(() => json({ ...fx.token, refresh: "r" }));
    await expect(login("admin", "Mot2passe!")).resolves.toEqual(fx.token);
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /api/token/");
    expect(s.body).toEqual({ username: "admin", password: "Mot2passe!" });
  });

  it("logout posts with the token and accepts an empty answer", async () => {
    token = "t";
    answer(() => empty(204));
    await expect(logout()).resolves.toBeUndefined();
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /api/token/logout/");
    expect(s.headers.get("authorization")).toBe("Bearer t");
  });

  it("updatePassword puts {password} as JSON to the user's path", async () => {
    token = "t";
    answer(() => json({}));
    await updatePassword(fx.profile.id, "N0uveau!pass");
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe(`PUT /base/api/v1/appuser/${fx.profile.id}/`);
    expect(s.body).toEqual({ password: "N0uveau!pass" });
  });

  it("listAgents accepts a bare array and DRF's paged envelope, whose next pages it joins", async () => {
    token = "t";
    answer(() => json([fx.agent]));
    await expect(listAgents()).resolves.toEqual([fx.agent]);
    const second = { ...fx.agent, id: 2, username: "agent.two" };
    answerInTurn(
      () => json({ count: 2, next: "http://localhost/base/api/v1/appuser/get_agent/?page=2", previous: null, results: [fx.agent] }),
      () => json({ count: 2, next: null, previous: "http://localhost/base/api/v1/appuser/get_agent/", results: [second] }),
    );
    sent = [];
    await expect(listAgents()).resolves.toEqual([fx.agent, second]);
    expect(sent.map((s) => s.url.search)).toEqual(["", "?page=2"]);
  });

  it("listAgents sends search only when given", async () => {
    token = "t";
    answer(() => json([fx.agent]));
    await expect(listAgents("fotsing")).resolves.toEqual([fx.agent]);
    await listAgents("");
    await listAgents();
    expect(sent.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      "/base/api/v1/appuser/get_agent/?search=fotsing",
      "/base/api/v1/appuser/get_agent/",
      "/base/api/v1/appuser/get_agent/",
    ]);
  });

  it("createAgent posts the five fields as multipart", async () => {
    token = "t";
    answer(() => json({ ...fx.agent, username: fx.newAgent.username }, 201));
    await createAgent(fx.newAgent);
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /base/api/v1/appuser/create_agent/");
    const form = formEntries(s);
    expect(Object.fromEntries(form)).toEqual({ ...fx.newAgent });
  });

  it("deleteAgent sends DELETE to the user's path and resolves on 204", async () => {
    token = "t";
    answer(() => empty(204));
    await expect(deleteAgent(fx.agent.id)).resolves.toBeUndefined();
    expect(`${only().method} ${only().url.pathname}`).toBe(`DELETE /base/api/v1/appuser/${fx.agent.id}/`);
  });

  it("getStats reads /base/api/v1/stats/", async () => {
    token = "t";
    answer(() => json(fx.stats));
    await expect(getStats()).resolves.toEqual(fx.stats);
    expect(only().url.pathname).toBe("/base/api/v1/stats/");
  });

  it("notifyPrint answers the new print count", async () => {
    token = "t";
    answer(() => json(fx.printCount));
    await expect(notifyPrint(staff, fx.staffCard.id)).resolves.toEqual(fx.printCount);
    expect(`${only().method} ${only().url.pathname}`).toBe(`POST /staff/api/v1/card/personnel/${fx.staffCard.id}/notify_print/`);
  });
});

// ── Paths of every kind (spec §7; teacher by the assumption in paths.ts) ────────────────────────────────────

describe("paths per kind", () => {
  const id = "0b1c2d3e";
  const roots = {
    student: { demands: "/student/api/v1/demand/", cards: "/student/api/v1/card/", check: "/student/api/v1/checkcard/" },
    staff: {
      demands: "/staff/api/v1/demand/personnel/",
      cards: "/staff/api/v1/card/personnel/",
      check: "/staff/api/v1/checkcard/personnel",
    },
    // Not shown in the spec: the staff pattern with "teacher" for "staff" and "personnel" (paths.ts).
    teacher: {
      demands: "/teacher/api/v1/demand/teacher/",
      cards: "/teacher/api/v1/card/teacher/",
      check: "/teacher/api/v1/checkcard/teacher",
    },
  } as const;

  const calls = (kind: AnyKind): [string, () => Promise<unknown>, string][] => {
    const r = roots[kind.id];
    return [
      ["submit", () => submitDemand(kind, {}), `POST ${r.demands}submit/`],
      ["list demands", () => listDemands(kind, { filter: "all" }), `GET ${r.demands}`],
      ["get demand", () => getDemand(kind, id), `GET ${r.demands}${id}/`],
      ["validate", () => validateDemand(kind, id, {}), `POST ${r.demands}${id}/validation/`],
      ["validate simple", () => validateDemandSimple(kind, id), `POST ${r.demands}${id}/validation_simple/`],
      ["list cards", () => listCards(kind), `GET ${r.cards}`],
      ["get card", () => getCard(kind, id), `GET ${r.cards}${id}/`],
      ["pdf", () => getCardPdf(kind, id), `GET ${r.cards}${id}/pdf/`],
      ["notify print", () => notifyPrint(kind, id), `POST ${r.cards}${id}/notify_print/`],
      ["export", () => exportCards(kind), `GET ${r.cards}export/`],
      ["check", () => checkCard(kind, "tok"), `POST ${r.check}`],
    ];
  };

  it.each([student, staff, teacher].flatMap((kind) => calls(kind).map(([label, call, expected]) => ({ kind: kind.id, label, call, expected }))))(
    "$kind $label → $expected",
    async ({ call, expected }) => {
      answer(() => empty(204)); // the answer does not matter here; only the request does
      await call().catch(() => undefined);
      const s = only();
      expect(`${s.method} ${s.url.pathname}`).toBe(expected);
    },
  );

  it("URL-encodes ids placed in paths", async () => {
    answer(() => json(fx.studentCard));
    await getCard(student, "a/b c?d").catch(() => undefined);
    expect(only().url.pathname).toBe("/student/api/v1/card/a%2Fb%20c%3Fd/");
  });

  it("teacher paths mirror staff paths with teacher in place of staff and personnel", () => {
    const swap = (p: string) => p.replace("/staff/", "/teacher/").replaceAll("personnel", "teacher");
    const s = staff.paths;
    const t = teacher.paths;
    for (const key of Object.keys(s) as (keyof typeof s)[]) {
      const sv = s[key];
      const tv = t[key];
      if (typeof sv === "string") expect(tv).toBe(swap(sv));
      else expect((tv as (x: string) => string)(id)).toBe(swap(sv(id)));
    }
  });
});
