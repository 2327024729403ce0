// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../api/paths";
import { kinds } from "../kinds";
import { startDemoServer, type DemoServer } from "./index";
import { seedData, seedKind } from "./seeds";
import { runAtOnce, runInSlices } from "./slices";

/**
 * In the browser the demo backend makes each kind's records when a request first needs them, in short steps
 * (a phone never meets one long task, even with 10,000 extra demands per kind). What the app sees must not
 * change: a request made the moment the backend starts gets the whole seeded data.
 */
let server: DemoServer | null = null;
afterEach(() => {
  server?.shutdown();
  server = null;
  localStorage.clear();
});

const signIn = async (): Promise<string> => {
  const login = await fetch(`${location.origin}${paths.token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access: string }).access;
};
const get = (path: string, access: string) =>
  fetch(`${location.origin}${path}`, { headers: { authorization: `Bearer ${access}` } });

describe("the demo backend's start in the browser", () => {
  it("makes a kind's seed in steps of at most a few hundred records, the same seed as at once", async () => {
    const options = { seed: 5, bulk: 3_000, anchor: Date.UTC(2026, 10, 1) };
    let steps = 0;
    const counting = seedKind(kinds.staff, options);
    while (!counting.next().done) steps++;
    expect(steps).toBeGreaterThanOrEqual(3_090 / 200);
    const sliced = await runInSlices(seedKind(kinds.staff, options));
    // Card tokens come from crypto, never from the seed: everything else is the same.
    const withoutTokens = (cards: typeof sliced.cards) => cards.map(({ token: _, ...card }) => card);
    expect(sliced.demands).toEqual(seedData(options).demands.staff);
    expect(withoutTokens(sliced.cards)).toEqual(withoutTokens(runAtOnce(seedKind(kinds.staff, options)).cards));
  });

  it("draws the card tokens in those steps too, never all of a bulk kind's at once", () => {
    const options = { seed: 5, bulk: 10_000, anchor: Date.UTC(2026, 10, 1) };
    const drawn: number[] = [];
    const spy = vi.spyOn(globalThis.crypto, "getRandomValues");
    try {
      const steps = seedKind(kinds.student, options);
      for (;;) {
        spy.mockClear();
        const step = steps.next();
        drawn.push(spy.mock.calls.reduce((bytes, [array]) => bytes + (array?.byteLength ?? 0), 0));
        if (step.done) {
          expect(step.value.cards.length).toBeGreaterThan(3_000);
          break;
        }
      }
    } finally {
      spy.mockRestore();
    }
    // 16 bytes per token: no step draws more than a few hundred tokens' worth.
    expect(Math.max(...drawn)).toBeLessThanOrEqual(200 * 16);
  });

  it("makes only the kinds a request needs, and answers with their whole data", async () => {
    server = startDemoServer({ environment: "development", latency: 0, bulk: 1_000, persist: false });
    const access = await signIn();
    expect(["student", "staff", "teacher"].map((k) => server!.db.isOpen(k as "student"))).toEqual([
      false,
      false,
      false,
    ]);
    expect(await (await get(kinds.student.paths.demands, access)).json()).toMatchObject({ count: 1_090 });
    expect(["student", "staff", "teacher"].map((k) => server!.db.isOpen(k as "student"))).toEqual([true, false, false]);
    expect(await (await get(paths.stats, access)).json()).toMatchObject({ staff_demands: 727, teacher_demands: 727 });
  });

  it("keeps a kind's card tokens once it was opened, even with nothing changed", async () => {
    server = startDemoServer({ environment: "development", latency: 0 });
    const token = server.db.cards("staff")[0]!.token;
    await new Promise((resolve) => setTimeout(resolve, 0));
    server = startDemoServer({ environment: "development", latency: 0 });
    expect(server.db.cards("staff")[0]!.token).toBe(token);
  });

  it("keeps what was changed across reloads, for kinds opened or not", async () => {
    server = startDemoServer({ environment: "development", latency: 0 });
    const access = await signIn();
    const card = server.db.cards("teacher")[0]!;
    const { print_count: before, token } = card;
    const printed = await fetch(`${location.origin}${kinds.teacher.paths.notifyPrint(card.id)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}` },
    });
    expect(printed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));

    // A reload that only reads students, then saves: the teacher card keeps its print and its token.
    server = startDemoServer({ environment: "development", latency: 0 });
    expect((await get(kinds.student.paths.demands, access)).status).toBe(200);
    await fetch(`${location.origin}${kinds.student.paths.notifyPrint(server.db.cards("student")[0]!.id)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.db.isOpen("teacher")).toBe(false);

    server = startDemoServer({ environment: "development", latency: 0 });
    const again = server.db.card("teacher", card.id);
    expect(again?.print_count).toBe(before + 1);
    expect(again?.token).toBe(token);
  });
});
