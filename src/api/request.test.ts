// @vitest-environment node
// The request layer (request.ts, runtime.ts) through the real transport: token, decoding, files, error statuses,
// network failures and retries, each reached through some endpoint. What each endpoint sends and reads is
// tested beside it (endpoints/*.test.ts), the paths of every kind in paths.test.ts.
import { describe, expect, it, vi } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student } from "../kinds";
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
  listDemands,
  login,
  notifyPrint,
  paths,
  submitDemand,
  updatePassword,
} from "./index";
import { empty, json, params, rejection, useStubBackend } from "./test-support";

const backend = useStubBackend();
const { answer, answerInTurn, only } = backend;

// ── Authentication header ───────────────────────────────────────────────────────────────────────────────────

describe("bearer token", () => {
  it("keeps the token off public calls: login, submit, reference lists, card check (docs/spec.md §6)", async () => {
    backend.token = "stale-token";
    answer(() => json(fx.token));
    await login("admin", "Admin@2026");
    answer(() => json(fx.submitted, 201));
    await submitDemand(student, fx.studentSubmission);
    answer(() => json(fx.referenceData.faculty));
    await getReferenceList("faculty");
    answer(() => json(fx.studentCheck));
    await checkCard(student, fx.cardToken);
    expect(backend.sent).toHaveLength(4);
    for (const s of backend.sent) expect(s.headers.get("authorization")).toBeNull();
  });

  it("sends the token given by configureApi({ getToken })", async () => {
    backend.token = fx.token.access;
    answer(() => json(fx.profile));
    await getProfile();
    expect(only().headers.get("authorization")).toBe(`Bearer ${fx.token.access}`);
  });

  it("reads the token on every call (a new token after login is used at once)", async () => {
    answer(() => json(fx.stats));
    backend.token = "first";
    await getStats();
    backend.token = "second";
    await getStats();
    expect(backend.sent.map((s) => s.headers.get("authorization"))).toEqual(["Bearer first", "Bearer second"]);
  });

  it("sends no Authorization header without a token", async () => {
    answer(() => json(fx.token));
    await login("admin", "Secr3t!");
    expect(only().headers.has("authorization")).toBe(false);
  });

  it("sends no Authorization header when the token is an empty string", async () => {
    backend.token = "";
    answer(() => json(fx.stats));
    await getStats();
    expect(only().headers.has("authorization")).toBe(false);
  });
});

// ── Decoding answers ────────────────────────────────────────────────────────────────────────────────────────

describe("JSON answers", () => {
  it("decodes a JSON 2xx into the entity", async () => {
    backend.token = "t";
    answer(() => json(fx.profile));
    await expect(getProfile()).resolves.toEqual(fx.profile);
  });

  it("decodes with a charset parameter and tolerates unknown extra keys", async () => {
    answer(() =>
      json({ ...fx.stats, cards_printed_today: 3 }, 200, { "content-type": "application/json; charset=utf-8" }),
    );
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

  it("rejects a 2xx that is no list where a list is expected with kind decode", async () => {
    answer(() => json({ id: "7", username: "x" }));
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
    backend.token = "t";
    answer(
      () =>
        new Response(csv, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="cartes_etudiants.csv"',
          },
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
    expect(await rejection(exportAllCards())).toMatchObject({
      kind: "decode",
      operation: "exportCards",
      content: { detail: "ok" },
    });
  });
});

// ── Error statuses through the real transport ───────────────────────────────────────────────────────────────

describe("error statuses", () => {
  it("a 401 on a protected call rejects with unauthorized and calls onUnauthorized", async () => {
    backend.token = "expired";
    answer(() => json({ detail: "Given token not valid for any token type" }, 401));
    const error = await rejection(listDemands(student));
    expect(error).toMatchObject({
      kind: "unauthorized",
      operation: "listDemands",
      status: 401,
      endpoint: "/student/api/v1/demand/",
    });
    expect(backend.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("login 401 with detail is notValid and does not end a session", async () => {
    answer(() => json({ detail: "No active account found with the given credentials" }, 401));
    const error = await rejection(login("admin", "wrong"));
    expect(error).toMatchObject({ kind: "notValid", operation: "login", endpoint: "/api/token/", status: 401 });
    expect(backend.onUnauthorized).not.toHaveBeenCalled();
  });

  it("login 401 without detail is a generic http error", async () => {
    answer(() => empty(401));
    expect((await rejection(login("admin", "x"))).kind).toBe("http");
    expect(backend.onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [502, "badGateway"],
    [500, "server"],
  ] as const)("login %i is %s, sent once", async (status, kind) => {
    answer(() => json({ detail: "upstream" }, status));
    expect(await rejection(login("admin", "x"))).toMatchObject({ kind, status, content: { detail: "upstream" } });
    expect(backend.sent).toHaveLength(1);
  });

  it("a 400 on createAgent is exist", async () => {
    backend.token = "t";
    answer(() => json({ username: ["A user with that username already exists."] }, 400));
    expect(await rejection(createAgent(fx.newAgent))).toMatchObject({
      kind: "exist",
      operation: "createAgent",
      status: 400,
    });
  });

  it("a 400 on submitDemand without a register problem is badRequest", async () => {
    answer(() => json({ email: ["Enter a valid email address."] }, 400));
    expect((await rejection(submitDemand(student, fx.studentSubmission))).kind).toBe("badRequest");
  });

  it("a 403 is a forbidden error and does not end the session", async () => {
    backend.token = "t";
    answer(() => json({ detail: "forbidden" }, 403));
    expect((await rejection(deleteAgent(fx.agent.id))).kind).toBe("forbidden");
    expect(backend.onUnauthorized).not.toHaveBeenCalled();
  });
});

// ── Network failures, timeouts and retries ──────────────────────────────────────────────────────────────────

describe("network failures", () => {
  it("a failed fetch rejects with kind network and no status (POST: attempted once)", async () => {
    backend.handler = () => {
      throw new TypeError("Failed to fetch");
    };
    const error = await rejection(login("admin", "x"));
    expect(error).toMatchObject({ kind: "network", operation: "login", endpoint: "/api/token/", status: null });
    expect(backend.sent).toHaveLength(1);
  });

  it("a call that outlives the timeout rejects with kind network and reason timeout", async () => {
    configureApi({ timeoutMs: 30 });
    backend.handler = () => new Promise<Response>(() => {});
    expect(await rejection(checkCard(student, fx.cardToken))).toMatchObject({
      kind: "network",
      content: "timeout",
      status: null,
    });
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
    expect(backend.sent).toHaveLength(2);
    expect(backend.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(Array(2).fill("GET /base/api/v1/stats/"));
  });

  it("gives up after two retries of a GET and rejects with kind server", async () => {
    answer(() => json({ detail: "maintenance" }, 503));
    const result = await withFakeTimers(() => getProfile());
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "server", status: 503, content: { detail: "maintenance" } });
    expect(backend.sent).toHaveLength(3);
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
    expect(backend.sent).toHaveLength(2);
  });

  it("does not retry a GET answered 404", async () => {
    answer(() => json({ detail: "Not found." }, 404));
    const result = await withFakeTimers(() => getDemand(staff, "x"));
    expect(result.status).toBe("rejected");
    expect(backend.sent).toHaveLength(1);
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
    expect(backend.sent).toHaveLength(1);
  });
});
