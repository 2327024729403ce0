import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { toBase64url } from "../signed/base64url";
import { generatePrivateJwk, publicJwk, signingKeyFromJwk, type PublicJwk } from "../signed/keys";
import { signRevocationList, type RevocationEntry } from "../signed/revocation";
import { seconds } from "../signed/test-support";
import { prepareTrust, type StoredTrust, type Trust } from "../browser/verify-trust";
import type { CardCheckView } from "./card-check-view";
import type { CheckResult } from "./verifier-check";
import { verifierMachine } from "./verifier";
import type { CameraEvent } from "./verifier-devices";

/** The checker's statechart in tests (verifier.test.ts, verifier-screen.test.ts): an issuer, and the machine started. */

export const now = new Date("2026-11-26T08:00:00+01:00");

/** A fresh issuer: its signing key, its JWKS, and signed lists of its own. */
export const issuer = async (demo = false, days = { from: "2026-01-01", until: "2036-01-01" }) => {
  const jwk = await generatePrivateJwk();
  const signing = await signingKeyFromJwk(jwk);
  const published: PublicJwk = await publicJwk(jwk, days, demo);
  const list = async (issuedAt: string, entries: RevocationEntry[] = []) => ({
    issued_at: issuedAt,
    cose: toBase64url(await signRevocationList({ issuedAt: seconds(issuedAt), entries }, signing)),
  });
  return { signing, jwks: { keys: [published] }, list };
};

export interface Run {
  readonly stored: StoredTrust;
  readonly online?: boolean;
  readonly refresh?: () => Promise<Trust>;
  /** The backend's answer for the card (the check page's call); without it the call fails. */
  readonly answer?: () => Promise<CardCheckView>;
  readonly camera?: (send: (event: CameraEvent) => void) => void;
  /** The device's clock, when a test moves it. */
  readonly clock?: () => Date;
}

/** The checker with its side effects swapped: trust from `stored`, sounds recorded, no network unless given. */
export const start = (run: Run) => {
  const sounds: CheckResult[] = [];
  const actor = createActor(
    verifierMachine.provide({
      actors: {
        loadTrust: fromPromise(() => prepareTrust(run.stored, now)),
        refreshTrust: fromPromise(() => (run.refresh ? run.refresh() : Promise.reject(new Error("offline")))),
        confirmOnline: fromPromise(() => (run.answer ? run.answer() : Promise.reject(new Error("offline")))),
        camera: fromCallback<CameraEvent>(({ sendBack }) => run.camera?.(sendBack)),
      },
      actions: { announce: (_, result: CheckResult) => void sounds.push(result) },
    }),
    { input: { online: run.online ?? false, now: run.clock ?? (() => now), origin: "https://cards.univ.test" } },
  ).start();
  return { actor, sounds };
};

export const verdictOf = async (actor: ReturnType<typeof start>["actor"], scan: number) => {
  const snapshot = await waitFor(actor, (s) => s.context.scan === scan);
  return snapshot.context.result;
};
