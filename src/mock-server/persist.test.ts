// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAgent,
  getDemand,
  getProfile,
  getStats,
  listAgents,
  listCards,
  listDemands,
  login,
  notifyPrint,
  submitDemand,
  updatePassword,
  validateDemandSimple,
} from "../api";
import { getSignedQrKeys } from "../api/endpoints/signed-qr";
import { configureApi } from "../api/runtime";
import { kinds } from "../kinds";
import { demoCardToken, resetDemoData, startDemoServer, type DemoServer } from "./index";
import { STORAGE_KEY } from "./persist";
import { seededForm } from "./test-support";

let server: DemoServer | null = null;
let token: string | null = null;
const start = (options: Parameters<typeof startDemoServer>[0] = {}) => {
  server?.shutdown();
  server = startDemoServer({ environment: "test", persist: true, seed: 11, ...options });
  configureApi({ baseUrl: location.origin, getToken: () => token });
  return server;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.clear());
afterEach(() => {
  server?.shutdown();
  server = null;
});
// DOM files share their modules (vitest.config.ts): the next file's API client is not this one's.
afterAll(() => configureApi({ baseUrl: "", getToken: () => null }));

describe("persistence", () => {
  it("keeps changes across a restart, compactly, and reset restores the seed", async () => {
    const first = start();
    const seededCard = first.db.cards("student")[5]!;
    const seededToken = demoCardToken("student", seededCard.id);
    token = (await login("admin", "Admin@2026")).access;
    const submitted = await submitDemand(kinds.staff, seededForm(first.db, "staff", "KEEP01"));
    const pending = (await listDemands(kinds.teacher)).results[0]!;
    const validated = await validateDemandSimple(kinds.teacher, pending.id);
    const printed = await notifyPrint(kinds.student, seededCard.id);
    await createAgent({
      username: "persisted",
      password: "Persist@2026",
      first_name: "Ñama",
      last_name: "Bèbè",
      email: "nama@usa.cm",
    });
    await updatePassword(1, "Changed@2027");
    await settle();
    const stored = localStorage.getItem(STORAGE_KEY) ?? "";
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(50_000);

    start(); // a page reload
    expect(demoCardToken("student", seededCard.id)).toBe(seededToken);
    expect((await getProfile()).username).toBe("admin"); // the session survived
    expect((await getDemand(kinds.staff, submitted.id)).register).toBe("KEEP01");
    expect((await getDemand(kinds.teacher, pending.id)).validated).toBe(true);
    expect((await listCards(kinds.teacher)).results[0]?.id).toBe(validated?.card);
    expect((await listCards(kinds.student, { search: seededCard.code })).results[0]?.print_count).toBe(
      printed.print_count,
    );
    expect((await listAgents("persisted")).length).toBe(1);
    expect((await login("admin", "Changed@2027")).access).toBeTruthy();
    expect((await listDemands(kinds.staff)).results[0]?.id).toBe(submitted.id);

    resetDemoData();
    expect((await getProfile()).username).toBe("admin"); // still signed in
    expect((await getStats()).staff_demands).toBe(60);
    expect((await listAgents("persisted")).length).toBe(0);
    expect((await login("admin", "Admin@2026")).access).toBeTruthy();
    await settle();
    start();
    expect((await getStats()).teacher_demands).toBe(60);
  });

  it("keeps the demo signing key (extension signed-qr) across a reload: the same JWKS, so printed cards still verify", async () => {
    start();
    const before = await getSignedQrKeys(kinds.student);
    await settle();
    start(); // a page reload
    expect(await getSignedQrKeys(kinds.staff)).toEqual(before);
  });

  it("stays well under the localStorage quota with bulk data", async () => {
    const s = start({ bulk: 2000 });
    expect(s.db.demands("student")).toHaveLength(2090);
    token = (await login("admin", "Admin@2026")).access;
    await notifyPrint(kinds.staff, s.db.cards("staff")[0]!.id);
    await settle();
    expect((localStorage.getItem(STORAGE_KEY) ?? "").length).toBeLessThan(200_000);
    start({ bulk: 2000 });
    expect(server!.db.cards("staff")[0]!.print_count).toBeGreaterThan(0);
  });

  it("reads what an earlier version stored (one list for every kind)", async () => {
    const first = start();
    token = (await login("admin", "Admin@2026")).access;
    const card = first.db.cards("staff")[2]!;
    await notifyPrint(kinds.staff, card.id);
    await settle();
    const v2 = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as {
      kinds: Record<string, { tokens: string[]; demands: unknown[]; cards: unknown[] }>;
    };
    const parts = ["student", "staff", "teacher"].map((k) => v2.kinds[k]!);
    const { kinds: _, ...rest } = v2;
    const v1 = {
      ...rest,
      v: 1,
      tokens: parts.flatMap((p) => p.tokens),
      demands: parts.flatMap((p) => p.demands),
      cards: parts.flatMap((p) => p.cards),
    };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(v1));
    const again = start();
    expect(again.db.card("staff", card.id)?.print_count).toBe(card.print_count);
    expect(again.db.card("staff", card.id)?.token).toBe(card.token);
    expect(again.db.cards("teacher")[0]?.token).toBe(first.db.cards("teacher")[0]?.token);
  });

  it("persists nothing in the test environment unless asked", async () => {
    server = startDemoServer({ environment: "test" });
    configureApi({ baseUrl: location.origin, getToken: () => token });
    token = (await login("admin", "Admin@2026")).access;
    await settle();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe("a browser that refuses to store the demo data", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the demo working in memory and tells the app, once per refusal", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const losses: string[] = [];
    start({ onStorageLoss: () => losses.push("demo") });
    token = (await login("admin", "Admin@2026")).access;
    expect((await listDemands(kinds.staff)).count).toBeGreaterThan(0);
    expect(losses.length).toBeGreaterThan(0);
  });
});

describe("seeded card tokens in the browser's demo", () => {
  it("are the same in every tab: two databases opened from one stored start seed a kind with the same tokens", async () => {
    const { openDatabase } = await import("./open");
    const { browserSnapshotStore } = await import("./snapshot-store");
    // The first tab's start writes its snapshot at once; kinds are seeded only when a request needs them.
    start({ environment: "development", latency: 0 });
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
    const tab = () => openDatabase({ seed: 11, bulk: 0, persist: true, store: browserSnapshotStore }).db;
    const first = tab();
    const second = tab();
    const tokens = (db: typeof first) => db.cards("staff").map((c) => c.token);
    expect(tokens(first).length).toBeGreaterThan(0);
    expect(tokens(second)).toEqual(tokens(first));
  });
});
