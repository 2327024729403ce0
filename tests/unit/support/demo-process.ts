import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `npm run demo` as a real process (a tiny build stands in for the app: these tests are about the server), started
 * on a free port, resolved once it prints the address it listens on.
 */
export interface DemoProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly port: number;
  /** Everything it printed so far. */
  readonly output: () => string;
  /** Resolves once the process has exited (with its code or signal). */
  readonly exited: Promise<number | string | null>;
}

const root = join(import.meta.dirname, "..", "..", "..");

/** A directory with a minimal build: enough pages and assets for the static server. */
export const tinyBuild = (parent: string): string => {
  const dist = join(parent, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>campus-card</title>");
  writeFileSync(join(dist, "spa.html"), "<!doctype html><title>campus-card</title>");
  writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
  return dist;
};

export const tempDir = (): string => mkdtempSync(join(tmpdir(), "campus-demo-"));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export const startDemo = (
  args: readonly string[],
  options: { readonly dist: string; readonly env?: NodeJS.ProcessEnv },
): Promise<DemoProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, "scripts", "demo.ts"), "--no-build", "--dist", options.dist, "--port", "0", ...args],
      {
        cwd: root,
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, ...options.env },
      },
    );
    let output = "";
    const exited = new Promise<number | string | null>((done) =>
      child.on("exit", (code, signal) => done(code ?? signal)),
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on port (\d+)/.exec(output);
      if (listening) {
        const port = Number(listening[1]);
        resolve({ child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => reject(new Error(`demo exited (${String(code)}) before listening: ${output}`)));
  });

export const stopDemo = async (demo: DemoProcess | undefined): Promise<void> => {
  if (!demo || demo.child.exitCode !== null || demo.child.signalCode !== null) return;
  demo.child.kill("SIGKILL");
  await demo.exited;
};

/** Sends raw bytes and resolves with whatever the server answered before it closed the connection (or "" on reset). */
export const rawRequest = (
  port: number,
  bytes: string | Buffer,
  options: { readonly localAddress?: string; readonly keepOpen?: boolean } = {},
): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect({
      host: "127.0.0.1",
      port,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      // One answer is enough: the status line and headers are in; the server may keep the connection open.
      if (/\r\n\r\n/.test(answer)) socket.end();
    });
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.write(bytes);
    // A slow client keeps its side open: the server must end the exchange itself.
    if (!options.keepOpen) socket.end();
  });

/** The status code of a raw HTTP answer, or null when there was none. */
export const statusOf = (answer: string): number | null => {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
  return match ? Number(match[1]) : null;
};
