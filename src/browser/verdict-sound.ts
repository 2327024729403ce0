import type { CheckResult } from "../machines/verifier-check";

/**
 * A short sound for each verdict (WebAudio tones, no audio file to download or cache): the guard hears the outcome
 * without reading. Two rising notes for a valid card, one flat note for a valid card on an old list, three low buzzes
 * for everything a guard must stop at.
 */
type Note = readonly [frequency: number, seconds: number];

const patterns = {
  valid: [
    [880, 0.09],
    [1320, 0.14],
  ],
  caution: [[660, 0.3]],
  stop: [
    [220, 0.16],
    [0, 0.06],
    [220, 0.16],
    [0, 0.06],
    [220, 0.16],
  ],
} as const satisfies Record<string, readonly Note[]>;

export const soundOf = (result: CheckResult): keyof typeof patterns => {
  if (result.result !== "verdict") return "caution";
  if (result.verdict.verdict === "valid") return "valid";
  return result.verdict.verdict === "staleList" ? "caution" : "stop";
};

let context: AudioContext | null = null;

/** Called from the guard's tap (open the camera, check): browsers start audio only after a gesture. */
export const unlockSound = () => {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    context = null;
  }
};

/** Longest wait for the frame that shows the verdict: a tab that draws none still sounds. */
const FRAME_WAIT_MS = 100;

/**
 * Plays the verdict's tones once the frame that shows it has been drawn: setting them up takes a slow phone tens of
 * milliseconds, which would otherwise delay the verdict on screen; the sound then follows it by about one frame.
 */
export const playVerdictSound = (result: CheckResult) => {
  let played = false;
  const play = () => {
    if (played) return;
    played = true;
    clearTimeout(fallback);
    playNow(result);
  };
  const fallback = setTimeout(play, FRAME_WAIT_MS);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(play, 0));
};

const playNow = (result: CheckResult) => {
  try {
    context ??= new AudioContext();
  } catch {
    return;
  }
  const audio = context;
  let at = audio.currentTime + 0.01;
  for (const [frequency, seconds] of patterns[soundOf(result)]) {
    if (frequency > 0) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = frequency < 400 ? "square" : "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds + 0.02);
    }
    at += seconds;
  }
};
