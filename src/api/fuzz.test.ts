// @vitest-environment node
/**
 * Reliability (issue "Quality gates" item 3): every response schema, fed arbitrary JSON (fast-check `jsonValue`)
 * and mutations of a valid fixture through the real endpoint function and the real ky client, either yields a
 * value or rejects with a typed ApiError of kind "decode" — never anything else.
 *
 * Retries (GET twice with backoff on network failure and 5xx; POST, PUT and DELETE never) are covered in
 * request.test.ts ("retries" and "Network failures, timeouts and retries"); not repeated here.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student, teacher, type AnyKind } from "../kinds";
import {
  ApiError,
  checkCard,
  configureApi,
  createAgent,
  getCard,
  getDemand,
  getProfile,
  getReferenceList,
  getStats,
  listAgents,
  listCards,
  listDemands,
  login,
  notifyPrint,
  submitDemand,
  validateDemand,
  validateDemandSimple,
} from "./index";
import { messageKey } from "./messages";

const RUNS = 1000;

/** The one answer of the stub backend: the current JSON text, 200, application/json. */
let body = "null";
const fastFetch = async (input: RequestInfo | URL) => {
  // Drain a multipart body as a server would: an unread FormData stream errors once the request is dropped.
  if (input instanceof Request && input.body) await input.arrayBuffer();
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
};

beforeAll(() => {
  vi.stubGlobal("fetch", fastFetch);
  configureApi({ baseUrl: "http://localhost", getToken: () => "t", onUnauthorized: () => {}, timeoutMs: 5_000 });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

type Json = unknown;

/** Replaces (or deletes, when `replacement` is undefined) the value found by walking `path` into `value`. */
const mutate = (value: Json, path: readonly number[], replacement: Json): Json => {
  if (path.length === 0 || value === null || typeof value !== "object") return replacement;
  const [step, ...rest] = path as [number, ...number[]];
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement === undefined ? value : [replacement];
    const i = step % value.length;
    const copy = [...value];
    const next = mutate(copy[i], rest, replacement);
    if (next === undefined) copy.splice(i, 1);
    else copy[i] = next;
    return copy;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[step % keys.length]!;
  const copy: Record<string, Json> = { ...(value as Record<string, Json>) };
  const next = mutate(copy[key], rest, replacement);
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
};

/** Arbitrary JSON, half of it a valid fixture with one value replaced, deleted or retyped somewhere inside. */
const answers = (fixture: Json) =>
  fc.oneof(
    fc.jsonValue(),
    fc
      .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.option(fc.jsonValue(), { nil: undefined }))
      .map(([path, replacement]) => mutate(fixture, path, replacement) ?? null),
  );

/** Runs `call` on RUNS answers: each must resolve, or reject with an ApiError of kind decode. */
const fuzz = async (fixture: Json, call: () => Promise<unknown>) => {
  const outcomes = { value: 0, decode: 0 };
  await fc.assert(
    fc.asyncProperty(answers(fixture), async (answer) => {
      body = JSON.stringify(answer);
      try {
        await call();
        outcomes.value++;
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind !== "decode") throw error;
        expect(messageKey(error)).toBe("errors:decode");
        outcomes.decode++;
      }
    }),
    { numRuns: RUNS },
  );
  expect(outcomes.value + outcomes.decode).toBe(RUNS);
  // Sanity: the fixture itself decodes, and noise mostly does not.
  body = JSON.stringify(fixture);
  await expect(call()).resolves.toBeDefined();
  expect(outcomes.decode).toBeGreaterThan(RUNS / 4);
};

const kinds: readonly [AnyKind, { demand: Json; card: Json; check: Json }][] = [
  [student, { demand: fx.studentDemand, card: fx.studentCard, check: fx.studentCheck }],
  [staff, { demand: fx.staffDemand, card: fx.staffCard, check: fx.staffCheck }],
  [teacher, { demand: fx.teacherDemand, card: fx.teacherCard, check: fx.teacherCheck }],
];

describe(`each response schema, ${RUNS} arbitrary answers: a value or an ApiError "decode", nothing else`, () => {
  // Reference lists report the rows they leave out in the console: thousands of them here.
  beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
  it.each<[string, Json, () => Promise<unknown>]>([
    ["login → Token", fx.token, () => login("admin", "x")],
    ["getProfile → Profile", fx.profile, () => getProfile()],
    ["listAgents → Agent[]", [fx.agent], () => listAgents()],
    ["getStats → Stats", fx.stats, () => getStats()],
    ["getReferenceList(faculty) → RefItem[]", fx.referenceData.faculty, () => getReferenceList("faculty")],
    ["getReferenceList(mapfaculty)", fx.referenceData.mapfaculty, () => getReferenceList("mapfaculty")],
    ["getReferenceList(mapcycle)", fx.referenceData.mapcycle, () => getReferenceList("mapcycle")],
    ["getReferenceList(mapfiliere)", fx.referenceData.mapfiliere, () => getReferenceList("mapfiliere")],
    ["getReferenceList(mapniveau)", fx.referenceData.mapniveau, () => getReferenceList("mapniveau")],
    ["submitDemand → Submitted", fx.submitted, () => submitDemand(staff, {})],
    ["notifyPrint → PrintCount", fx.printCount, () => notifyPrint(student, "x")],
    ...kinds.flatMap(([kind, f]): [string, Json, () => Promise<unknown>][] => [
      [`${kind.id} listDemands → Paged(demand)`, fx.pageOf([f.demand as never]), () => listDemands(kind)],
      [`${kind.id} getDemand → demand`, f.demand, () => getDemand(kind, "x")],
      [`${kind.id} listCards → Paged(card)`, fx.pageOf([f.card as never]), () => listCards(kind)],
      [`${kind.id} getCard → card`, f.card, () => getCard(kind, "x")],
      [`${kind.id} checkCard → check`, f.check, () => checkCard(kind, "tok")],
    ]),
  ])("%s", async (_label, fixture, call) => {
    await fuzz(fixture, call);
  });
});

describe(`agent creation (any 2xx is a success), ${RUNS} arbitrary answers`, () => {
  it("createAgent resolves, never an error", async () => {
    await fc.assert(
      fc.asyncProperty(answers(fx.agent), async (answer) => {
        body = JSON.stringify(answer);
        await expect(createAgent(fx.newAgent)).resolves.toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });
});

describe(`validation answers (any 2xx is a success), ${RUNS} arbitrary answers each`, () => {
  it.each<[string, () => Promise<unknown>]>([
    ["validateDemand", () => validateDemand(staff, "x", {})],
    ["validateDemandSimple", () => validateDemandSimple(student, "x")],
  ])("%s resolves to {id, validated, card?} or null, never an error", async (_label, call) => {
    await fc.assert(
      fc.asyncProperty(answers(fx.validated), async (answer) => {
        body = JSON.stringify(answer);
        const result = await call();
        expect(result === null || (typeof result === "object" && "validated" in result)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("a request that hangs past the timeout", () => {
  it.each<[string, () => Promise<unknown>]>([
    ["POST login", () => login("admin", "x")],
    ["GET stats (timeouts are not retried)", () => getStats()],
  ])("%s rejects with ApiError network/timeout, shown as errors:timeout", async (_label, call) => {
    vi.stubGlobal("fetch", () => new Promise<Response>(() => {}));
    configureApi({ timeoutMs: 50 });
    try {
      // A timeout that did not fire would leave the call pending until the test's own timeout fails it.
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: "network", content: "timeout", status: null });
      expect(messageKey(error as ApiError)).toBe("errors:timeout");
    } finally {
      vi.stubGlobal("fetch", fastFetch);
      configureApi({ timeoutMs: 5_000 });
    }
  });
});
