import { describe, expect, it } from "vitest";
import { shortHash, Throttle } from "./throttle";

describe("a throttle", () => {
  it("holds a key up after its allowed events, until the oldest leaves the window", () => {
    let now = 0;
    const throttle = new Throttle({ allowed: 3, windowMs: 60_000, maxKeys: 10 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.wait("a")).toBe(0);
      throttle.note("a");
      now += 1000;
    }
    expect(throttle.wait("a")).toBe(57);
    expect(throttle.wait("b")).toBe(0);
    now = 60_001;
    expect(throttle.wait("a")).toBe(0);
  });

  it("keeps at most maxKeys keys, and none whose window has passed", () => {
    let now = 0;
    const throttle = new Throttle({ allowed: 5, windowMs: 1000, maxKeys: 100 }, () => now);
    for (let i = 0; i < 10_000; i++) throttle.note(`client-${i}`);
    expect(throttle.size).toBe(100);
    now = 1000;
    throttle.wait("anyone");
    expect(throttle.size).toBe(0);
  });

  it("keys a client's text by a short digest of it, never the text", () => {
    const long = "x".repeat(250_000);
    expect(shortHash(long).length).toBeLessThan(16);
    expect(shortHash(long)).not.toBe(shortHash(`${long}y`));
  });
});
