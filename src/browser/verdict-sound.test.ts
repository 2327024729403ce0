// @own-modules
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckResult } from "../machines/verifier-check";

/**
 * The checker's sound on a slow phone: making an audio context and its tones costs tens of milliseconds there, so
 * neither may stand between a guard's check and the verdict on screen. The browser's audio API is replaced by a
 * recorder (Node has none); frames are the test's to run.
 */
const made = { contexts: 0, tones: 0 };
class RecordingAudioContext {
  currentTime = 0;
  destination = {};
  constructor() {
    made.contexts += 1;
  }
  resume = () => Promise.resolve();
  createOscillator() {
    made.tones += 1;
    return { type: "sine", frequency: { value: 0 }, connect: (node: unknown) => node, start() {}, stop() {} };
  }
  createGain() {
    const ramp = () => undefined;
    return {
      gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
      connect: (node: unknown) => node,
    };
  }
}

const frames: FrameRequestCallback[] = [];
const runFrame = () => frames.splice(0).forEach((frame) => frame(0));

const forged: CheckResult = {
  result: "verdict",
  verdict: { verdict: "forged" },
  card: { kind: "student", token: "t" },
  listIssuedAt: 0,
  keysHeld: true,
};

/** The modules afresh: the audio context a page keeps lives in the sound's module. */
const load = async () => {
  vi.resetModules();
  return { ...(await import("./verdict-sound")), ...(await import("./sound-gesture")) };
};

beforeEach(() => {
  made.contexts = 0;
  made.tones = 0;
  vi.useFakeTimers();
  vi.stubGlobal("AudioContext", RecordingAudioContext);
  vi.stubGlobal("requestAnimationFrame", (frame: FrameRequestCallback) => frames.push(frame));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  frames.length = 0;
});

describe("the verdict's sound", () => {
  it("is set up after the frame that shows the verdict, not in the task that draws it", async () => {
    const { playVerdictSound } = await load();
    playVerdictSound(forged);
    expect(made.tones).toBe(0);
    runFrame();
    expect(made.tones).toBe(0);
    await vi.runAllTimersAsync();
    // Three buzzes for a card the guard must stop.
    expect(made.tones).toBe(3);
  });

  it("still sounds in a tab that draws no frame", async () => {
    const { playVerdictSound } = await load();
    playVerdictSound(forged);
    await vi.advanceTimersByTimeAsync(150);
    expect(made.tones).toBe(3);
  });

  it("is prepared by the guard's first tap or key on the page, so the check itself makes no audio context", async () => {
    const { playVerdictSound, soundOnFirstGesture } = await load();
    const page = new EventTarget();
    const stop = soundOnFirstGesture(page);
    page.dispatchEvent(new Event("pointerdown"));
    await vi.waitFor(() => expect(made.contexts).toBe(1));
    page.dispatchEvent(new Event("keydown"));
    playVerdictSound(forged);
    runFrame();
    await vi.runAllTimersAsync();
    expect(made).toEqual({ contexts: 1, tones: 3 });
    stop();
  });
});
