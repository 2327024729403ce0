import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { start, verdictOf } from "./verifier-testing";
import type { CameraEvent } from "./verifier-devices";

/**
 * The guard's screen, as pretixSCAN does it: a verdict over the camera that gives the viewfinder back after a few
 * seconds or a tap, the card just checked not checked again while it stays in the frame, and "move the card closer"
 * after 3 s without a read.
 */
const card = "https://cards.univ.test/check/student/card/tok-42";
const other = "https://cards.univ.test/check/student/card/tok-43";

/** The checker with its camera streaming; `read` is the decoder reading a QR code. */
const scanning = async () => {
  let send: (event: CameraEvent) => void = () => {};
  const run = start({
    stored: {},
    camera: (sendBack) => {
      send = sendBack;
      sendBack({ type: "CAMERA_READY", stream: {} as MediaStream });
    },
  });
  run.actor.send({ type: "OPEN_CAMERA" });
  await vi.waitFor(() => expect(run.actor.getSnapshot().matches({ camera: { on: "streaming" } })).toBe(true));
  return { ...run, read: (text: string) => send({ type: "SCANNED", text }) };
};

const showing = (run: Awaited<ReturnType<typeof scanning>>) => run.actor.getSnapshot().matches({ check: "verdict" });
const closer = (run: Awaited<ReturnType<typeof scanning>>) =>
  run.actor.getSnapshot().matches({ check: { idle: "unread" } });

describe("the guard's screen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("with the camera on, a verdict gives the viewfinder back after 4 s; the card still in the frame is not checked again", async () => {
    const run = await scanning();
    run.read(card);
    await verdictOf(run.actor, 1);
    await vi.advanceTimersByTimeAsync(3900);
    run.read(card);
    expect(showing(run)).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(showing(run)).toBe(false);
    // The same card, read again and again while it stays in the frame: no second verdict.
    for (let i = 0; i < 30; i++) {
      run.read(card);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(run.actor.getSnapshot().context.scan).toBe(1);
    expect(closer(run)).toBe(false);
    // Taken away and shown again: a new verdict.
    await vi.advanceTimersByTimeAsync(2000);
    run.read(card);
    await verdictOf(run.actor, 2);
  });

  it("a tap on the verdict gives the viewfinder back at once, and another card is checked at once", async () => {
    const run = await scanning();
    run.read(card);
    await verdictOf(run.actor, 1);
    run.actor.send({ type: "SCAN_AGAIN" });
    expect(showing(run)).toBe(false);
    // The card the guard just tapped away, still in the frame: not checked again.
    run.read(card);
    await vi.advanceTimersByTimeAsync(50);
    expect(showing(run)).toBe(false);
    expect(run.actor.getSnapshot().context.scan).toBe(1);
    run.read(other);
    await verdictOf(run.actor, 2);
  });

  it("3 s without a read says to move the card closer; a read starts the count again", async () => {
    const run = await scanning();
    await vi.advanceTimersByTimeAsync(2900);
    expect(closer(run)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(closer(run)).toBe(true);
    run.read(card);
    await verdictOf(run.actor, 1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(closer(run)).toBe(false);
    // Back to scanning, with the card gone: 3 s later, "closer" again.
    await vi.advanceTimersByTimeAsync(3000);
    expect(closer(run)).toBe(true);
  });

  it("opening the camera over a pasted card's verdict goes to scanning, not to that verdict full screen", async () => {
    const run = start({ stored: {}, camera: (send) => send({ type: "CAMERA_READY", stream: {} as MediaStream }) });
    run.actor.send({ type: "SUBMIT", text: card });
    await verdictOf(run.actor, 1);
    run.actor.send({ type: "OPEN_CAMERA" });
    expect(run.actor.getSnapshot().matches({ check: "idle" })).toBe(true);
  });

  it("without the camera, a pasted card's verdict stays until the next check", async () => {
    const run = start({ stored: {} });
    run.actor.send({ type: "SUBMIT", text: card });
    await verdictOf(run.actor, 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.actor.getSnapshot().matches({ check: "verdict" })).toBe(true);
    expect(run.actor.getSnapshot().matches({ check: { idle: "unread" } })).toBe(false);
  });
});
