import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  rawRequest,
  removeDir,
  startDemo,
  statusOf,
  stopDemo,
  tempDir,
  tinyBuild,
  type DemoProcess,
} from "./support/demo-process";

/**
 * A phone on the room's network can send anything: `npm run demo` (static) and `npm run demo -- --shared` (the
 * classroom server) answer every malformed request with a 4xx and go on serving the next one.
 */
const dir = tempDir();
const dist = tinyBuild(dir);
let plain: DemoProcess | undefined;
let shared: DemoProcess | undefined;
beforeAll(async () => {
  [plain, shared] = await Promise.all([
    startDemo([], { dist }),
    startDemo(["--shared", "--host", "127.0.0.1", "--data", `${dir}/classroom.json`], { dist }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([stopDemo(plain), stopDemo(shared)]);
  removeDir(dir);
});

const HOST = "Host: 127.0.0.1\r\n";
const hostile: readonly string[] = [
  "GET // HTTP/1.1\r\n\r\n",
  `GET // HTTP/1.1\r\n${HOST}\r\n`,
  `GET //evil.example/x HTTP/1.1\r\n${HOST}\r\n`,
  `GET /// HTTP/1.1\r\n${HOST}\r\n`,
  `GET http://evil.example/ HTTP/1.1\r\n${HOST}\r\n`,
  `GET http://127.0.0.1/api/token/ HTTP/1.1\r\n${HOST}\r\n`,
  `GET * HTTP/1.1\r\n${HOST}\r\n`,
  `OPTIONS * HTTP/1.1\r\n${HOST}\r\n`,
  `CONNECT 127.0.0.1:22 HTTP/1.1\r\n${HOST}\r\n`,
  `GET /\0 HTTP/1.1\r\n${HOST}\r\n`,
  `GET /a%00b HTTP/1.1\r\n${HOST}\r\n`,
  `GET /%zz HTTP/1.1\r\n${HOST}\r\n`,
  `GET /student/api/v1/demand/%zz/ HTTP/1.1\r\n${HOST}\r\n`,
  `GET /..%2f..%2f..%2fetc%2fpasswd HTTP/1.1\r\n${HOST}\r\n`,
  `GET /../../etc/passwd HTTP/1.1\r\n${HOST}\r\n`,
  `GET /assets/../../package.json HTTP/1.1\r\n${HOST}\r\n`,
  `GET / HTTP/1.1\r\nbroken header line\r\n\r\n`,
  `GET / HTTP/1.1\r\n${HOST}X: \0\r\n\r\n`,
  `GET / HTTP/9.9\r\n${HOST}\r\n`,
  `\r\n\r\n`,
  `GET\r\n\r\n`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Length: -1\r\n\r\n`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Length: 99999999999\r\nContent-Type: application/json\r\n\r\n{`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`,
  `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000000\r\n\r\n${"a=b&".repeat(10)}`,
  `POST /student/api/v1/demand/submit/ HTTP/1.1\r\n${HOST}Content-Type: multipart/form-data; boundary=X\r\nContent-Length: 10\r\n\r\n--X\r\nzzzz`,
  `POST / HTTP/1.1\r\n${HOST}Content-Length: 99999999999\r\n\r\n`,
  `DELETE /index.html HTTP/1.1\r\n${HOST}\r\n`,
  `GET /config.json HTTP/1.1\r\nHost: a b\r\n\r\n`,
];

/** A seeded generator: the same "random" requests on every run, so a failure can be replayed. */
const generator = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed;
};
const randomTargets = (count: number): string[] => {
  const next = generator(26);
  const alphabet = [
    "/",
    "/",
    "%",
    "%00",
    "\\",
    ".",
    "..",
    "?",
    "#",
    "@",
    ":",
    "a",
    "api",
    "token",
    "\u00e9",
    "%ff",
    "//",
    "*",
    " ",
    "\t",
  ];
  return Array.from({ length: count }, () => {
    const parts = Array.from({ length: 1 + (next() % 8) }, () => alphabet[next() % alphabet.length]);
    return `GET ${parts.join("")} HTTP/1.1\r\n${HOST}\r\n`;
  });
};

const alive = async (demo: DemoProcess) => (await fetch(`${demo.origin}/config.json`)).status;

describe.each([
  // The static server never reads a body (405); the classroom server's API refuses one over its limit (413).
  ["npm run demo", () => plain, 405],
  ["npm run demo -- --shared", () => shared, 413],
])("%s under hostile raw requests", (_name, demoOf, oversized) => {
  it("answers each malformed request with a 4xx (or closes it) and keeps serving", async () => {
    const demo = demoOf()!;
    for (const bytes of [...hostile, ...randomTargets(120)]) {
      const status = statusOf(await rawRequest(demo.port, bytes));
      if (status !== null) expect(status >= 200 && status < 500, JSON.stringify(bytes)).toBe(true);
      expect(demo.child.exitCode, `${JSON.stringify(bytes)}\n${demo.output()}`).toBeNull();
      expect(await alive(demo), JSON.stringify(bytes)).toBe(200);
    }
  }, 120_000);

  it("answers `//` and absolute-form targets with 400", async () => {
    const demo = demoOf()!;
    expect(statusOf(await rawRequest(demo.port, `GET // HTTP/1.1\r\n${HOST}\r\n`))).toBe(400);
    expect(statusOf(await rawRequest(demo.port, `GET http://evil.example/ HTTP/1.1\r\n${HOST}\r\n`))).toBe(400);
  });

  it("cuts a request whose headers never end (a slow client) with 408, and goes on", async () => {
    const demo = demoOf()!;
    // Headers started and never finished: the server answers once its headers timeout has passed.
    const answer = await rawRequest(demo.port, `GET / HTTP/1.1\r\n${HOST}X-Slow: 1\r\n`, { keepOpen: true });
    expect(statusOf(answer)).toBe(408);
    expect(await alive(demo)).toBe(200);
  }, 30_000);

  it("refuses an oversized urlencoded body from its announced length, before reading it", async () => {
    const demo = demoOf()!;
    const answer = await rawRequest(
      demo.port,
      `POST /api/token/ HTTP/1.1\r\n${HOST}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 12000000\r\n\r\na=b`,
    );
    expect(statusOf(answer)).toBe(oversized);
  });
});
