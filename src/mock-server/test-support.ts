import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Response } from "miragejs";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { cardFontUrls } from "./card-pdf/fonts";
import { configureApi } from "../api/runtime";
import { listDemands } from "../api/endpoints/demands";
import { login } from "../api/endpoints/session";
import { isApiError } from "../api/errors";
import type { KindId } from "../api/kind-ids";
import type { AnyKind } from "../kinds";
import type { DemoDb } from "./db";
import { startDemoServer, type DemoServer, type DemoServerOptions } from "./index";

/** Starts the demo server for a test file and points the real API client at it. */
export const useDemoServer = (options: DemoServerOptions = {}) => {
  let token: string | null = null;
  let server: DemoServer | null = null;
  return {
    start: () => {
      server = startDemoServer({ environment: "test", ...options });
      token = null;
      configureApi({ baseUrl: location.origin, getToken: () => token, onUnauthorized: () => {} });
      return server;
    },
    stop: () => server?.shutdown(),
    get server(): DemoServer {
      if (!server) throw new Error("demo server not started");
      return server;
    },
    /** Puts the demo's clock back on the real one (a test may have moved it). */
    followRealClock: () => {
      if (!server) throw new Error("demo server not started");
      server.db.now = () => Date.now();
    },
    setToken: (value: string | null) => {
      token = value;
    },
    signIn: async (username = "admin", password = "Admin@2026") => {
      token = (await login(username, password)).access;
      return token;
    },
  };
};

/**
 * The demo server for the whole test file, the administrator signed in before each test. With `liveClock` each
 * test also starts on the real clock, whatever the test before it did to the demo's.
 */
export const useSignedInDemoServer = ({ liveClock = false } = {}) => {
  const demo = useDemoServer();
  beforeAll(() => void demo.start());
  afterAll(() => demo.stop());
  beforeEach(async () => {
    if (liveClock) demo.followRealClock();
    await demo.signIn();
  });
  return demo;
};

/** The `index`-th demand of `kind` still waiting for validation. */
export const pendingDemandOf = async (kind: AnyKind, index: number) => {
  const page = await listDemands(kind, { filter: "no_validated" });
  const demand = page.results[index];
  if (!demand) throw new Error("no pending demand");
  return demand;
};

/** What the client sees of a failed call: the error's kind, status and content (any other error as it is). */
export const problemOf = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return isApiError(error) ? { kind: error.kind, status: error.status, content: error.content } : error;
};

/** An error's status and content as the client sees them (status null: not an API error). */
export const statusAndContent = (error: unknown) =>
  isApiError(error) ? { status: error.status, content: error.content } : { status: null, content: error };

/** The rejection of a promise (fails the test when it resolves). */
export const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
};

/**
 * In the browser Vite serves the card fonts; under jsdom nothing does, so the test's Mirage answers their URLs
 * with the files from disk (binary, like any other demo answer).
 */
export const serveCardFonts = (server: DemoServer): void => {
  for (const url of Object.values(cardFontUrls)) {
    if (url.protocol === "file:") continue;
    const bytes = new Uint8Array(readFileSync(resolve(`.${url.pathname}`)));
    server.mirage.get(url.href, () => new Response(200, { "Content-Type": "font/ttf" }, bytes as unknown as object));
  }
};

/** A complete, valid demand form for `kind`: a seeded person's fields under a new register. */
export const seededForm = (db: DemoDb, kind: KindId, register: string): Record<string, string | number | Blob> => {
  const seeded = db.demands(kind)[0];
  if (!seeded) throw new Error(`no seeded ${kind} demand`);
  const form: Record<string, string | number | Blob> = {};
  for (const [k, v] of Object.entries(seeded.fields)) if (v !== null) form[k] = v;
  form.register = register;
  return form;
};
