import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kinds } from "../../src/kinds";
import { startMockApiProcess } from "./support/server-process";

/**
 * Every free-text field beyond the demand's own refuses what no one types (a lone surrogate, NUL, a bidi override)
 * and an overlong value, as the real `npm run mock:api` process answers (the classroom server runs the same
 * handlers).
 */
const kind = kinds.student;
let api: Awaited<ReturnType<typeof startMockApiProcess>> | undefined;
let token = "";
beforeAll(async () => {
  api = await startMockApiProcess();
  const answer = await fetch(`${api.origin}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  token = ((await answer.json()) as { access: string }).access;
}, 60_000);
afterAll(() => api?.stop());

const call = async (method: string, path: string, body: unknown) => {
  const answer = await fetch(`${api!.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};
const firstOf = async (path: string, keep: (item: Record<string, unknown>) => boolean) => {
  const page = (await call("GET", path, undefined)).body as { results: Record<string, unknown>[] };
  return String(page.results.find(keep)!.id);
};

const bad = (max: number): [string, string][] => [
  ["a lone surrogate", "Ngo\uD800no"],
  ["NUL", "before\u0000after"],
  ["U+202E", "\u202Egnp.exe"],
  ["an overlong value", "x".repeat(max + 1)],
];

describe("free-text fields", () => {
  it.each(bad(500))("a reject comment with %s is refused", async (_label, comment) => {
    const demand = await firstOf(`${kind.paths.demands}?validated=false`, () => true);
    const answer = await call("POST", kind.paths.reject(demand), { status: "correction", reason: "other", comment });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty("comment");
  });

  it.each(bad(500))("a suspension note and a reactivation note with %s are refused", async (_label, note) => {
    const card = await firstOf(kind.paths.cards, (c) => c.valid === true);
    const suspended = await call("POST", `${kind.paths.card(card)}suspend/`, { reason: "lost", note });
    expect(suspended.status).toBe(400);
    expect(suspended.body).toHaveProperty("note");
    expect((await call("POST", `${kind.paths.card(card)}suspend/`, { reason: "lost", note: "" })).status).toBe(200);
    const reactivated = await call("POST", `${kind.paths.card(card)}reactivate/`, { note });
    expect(reactivated.status).toBe(400);
    expect(reactivated.body).toHaveProperty("note");
    expect((await call("POST", `${kind.paths.card(card)}reactivate/`, { note: "" })).status).toBe(200);
  });

  it.each(bad(100))("a replacement's payment reference with %s is refused", async (_label, reference) => {
    const card = await firstOf(kind.paths.cards, (c) => c.valid === true);
    const answer = await call("POST", `${kind.paths.card(card)}replace/`, {
      fee_amount: 2000,
      payment_reference: reference,
      note: "",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty("payment_reference");
  });

  it.each(bad(150))("an agent's names with %s are refused", async (_label, name) => {
    const answer = await call("POST", "/base/api/v1/appuser/create_agent/", {
      username: `free${Math.floor(Math.random() * 1e9)}`,
      password: "Agent@2027x",
      first_name: name,
      last_name: name,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty("first_name");
    expect(answer.body).toHaveProperty("last_name");
  });

  it.each(bad(500))("an applicant's note about a mistake with %s is refused", async (_label, message) => {
    const page = (await call("GET", `${kind.paths.demands}?validated=false`, undefined)).body as {
      results: { code: string; register: string }[];
    };
    const { code, register } = page.results[0]!;
    const answer = await call("POST", kind.paths.report, { code, register, message });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty("message");
  });
});
