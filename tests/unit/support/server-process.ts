import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";

/** `npm run mock:api` as a real process on a free port, resolved once it prints its address. */
export const startMockApiProcess = (): Promise<{ child: ChildProcess; origin: string; stop: () => Promise<void> }> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, "..", "..", "..", "scripts", "mock-api.ts"), "--port", "0", "--quiet"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const exited = new Promise<void>((done) => child.on("exit", () => done()));
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /mock API \(demo backend\) on (http:\/\/\S+)/.exec(output)?.[1];
      if (url)
        resolve({
          child,
          origin: url,
          stop: async () => {
            // SIGTERM: the server removes its photo folder as it stops.
            child.kill("SIGTERM");
            await exited;
          },
        });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`mock API exited before listening: ${output}`)));
  });

/** The resident memory of a process, in bytes (Linux). */
export const residentBytes = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024;

/** One request from a chosen local address (the loopback has all of 127.0.0.0/8): another device of the room. */
export const sendFrom = (
  localAddress: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers, localAddress, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(init.body);
  });

/** Runs `count` tasks, `parallel` at a time. */
export const inBatches = async (count: number, parallel: number, task: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < count; i += parallel)
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, j) => task(i + j)));
};
