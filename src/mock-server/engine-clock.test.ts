import { describe, expect, it } from "vitest";
import { startEngine } from "./engine";

describe("the demo engine's clock", () => {
  it("is the one it is given: seeded dates lead up to it, and a reset seeds again on it", () => {
    const now = () => Date.parse("2030-03-15T12:00:00+01:00");
    const engine = startEngine({ seed: 7, bulk: 0, pageSize: 10, persist: false, atOnce: true, now });
    const latest = () => Math.max(...engine.backend.db.demands("student").map((d) => Date.parse(d.insert_at)));
    expect(engine.backend.db.now()).toBe(now());
    expect(latest()).toBeLessThanOrEqual(now());
    expect(latest()).toBeGreaterThan(now() - 30 * 86_400_000);
    engine.reset();
    engine.backend.db.reindex();
    expect(latest()).toBeGreaterThan(now() - 30 * 86_400_000);
  });
});
