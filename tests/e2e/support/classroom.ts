import { spawn, type ChildProcess } from "node:child_process";

/**
 * `npm run demo -- --shared`, the classroom demo, started from the browser tests' build (no second build) on an
 * address and port of the test's choosing, data in `dataFile`. Resolves once it prints the address to open.
 */
export const startClassroom = (options: {
  readonly dist: string;
  readonly host: string;
  readonly port: number;
  readonly dataFile: string;
  /** `--https`: its self-signed certificate, made on start. */
  readonly https?: boolean;
}): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const { dist, host, port, dataFile, https = false } = options;
    const child = spawn(
      process.execPath,
      [
        "scripts/demo.ts",
        "--shared",
        "--no-build",
        "--dist",
        dist,
        "--host",
        host,
        "--port",
        String(port),
        "--data",
        dataFile,
        ...(https ? ["--https"] : []),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${https ? "https" : "http"}://${host}:${port}/`)) resolve(child);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`classroom server exited (${code}): ${output}`)));
  });

/** Ctrl-C, as a trainer stops it; resolves once it has exited. */
export const stopClassroom = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGINT");
  });

/** An administrator's access token from the classroom's API. */
export const adminToken = async (origin: string, tokenPath: string): Promise<string> => {
  const signedIn = await fetch(`${origin}${tokenPath}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  return ((await signedIn.json()) as { access: string }).access;
};
