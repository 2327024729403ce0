/**
 * `npm run check:backend`'s checklist (scripts/check-backend.ts): signs in, then reads every list and read endpoint
 * of docs/spec.md §7 and reads each answer with the app's own schemas, row by row (check-rows.ts). Read-only: one
 * POST (the sign-in), GETs after it; nothing is created, validated, printed or deleted. The answers are the
 * backend's: this module only says, per endpoint, whether the app can read them, and if not which rows and keys.
 */
import type { Schema } from "effect";
import { apiPathUrl, apiRootOf } from "../../src/api/base-url.ts";
import type { KindId } from "../../src/api/kind-ids.ts";
import { paths, setKindRoutes, type KindRoute } from "../../src/api/paths.ts";
import { Agent, Profile, referenceNames, referenceRowSchemas, Stats, Token } from "../../src/api/schemas/index.ts";
import { parseKindPaths } from "../../src/app/config-kind-paths.ts";
import { kinds } from "../../src/kinds/index.ts";
import { listRows, readOne, readRows, type Reading } from "./check-rows.ts";

export interface CheckOptions {
  /** The API's address, as config.json's apiBaseUrl says it (`https://cards.university.cm/backend/`). */
  readonly apiBaseUrl: string;
  readonly username: string;
  readonly password: string;
  /** config.json's kindPaths, when the site moves a kind's endpoints (docs/deploying.md). */
  readonly kindPaths?: Partial<Record<KindId, KindRoute>>;
  /** Per request (default 20 s). */
  readonly timeoutMs?: number;
}

export interface EndpointReport {
  readonly call: string;
  readonly outcome: "works" | "failed" | "skipped";
  /** One line: what was read, or why not. */
  readonly summary: string;
  /** Which rows and keys could not be read, what was tolerated, and hints. */
  readonly details: readonly string[];
}

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly body: Uint8Array;
}

/** The paged lists' next link must stay under apiBaseUrl, or Django was not told its prefix (docs/deploying.md). */
const PREFIX_HINT =
  "Django builds it without the site's prefix or with its own host: set FORCE_SCRIPT_NAME to the prefix, and USE_X_FORWARDED_HOST behind a proxy that changes the host (docs/deploying.md, Django REST Framework)";

const text = (body: Uint8Array) => new TextDecoder().decode(body);
const excerpt = (body: Uint8Array) => {
  const whole = text(body).replace(/\s+/g, " ").trim();
  return whole.length > 120 ? `${whole.slice(0, 120)}…` : whole;
};

/** Why an answer is not one the app reads, in words a backend team can act on. */
const refusal = (answer: Answer, kindPath: boolean): string => {
  if (answer.type.includes("text/html"))
    return `HTTP ${answer.status}, an HTML page instead of the API's JSON: is this path proxied to the backend?`;
  const hint =
    answer.status === 404 && kindPath
      ? " (is the kind mounted elsewhere? config.json's kindPaths, docs/deploying.md)"
      : answer.status === 401 || answer.status === 403
        ? " (does the account have the permission? sign in as an administrator)"
        : "";
  return `HTTP ${answer.status}${hint}: ${excerpt(answer.body) || "(no body)"}`;
};

const parseJson = (answer: Answer): { value: unknown } | string => {
  try {
    return { value: JSON.parse(text(answer.body)) };
  } catch {
    return `answered ${answer.type || "no content type"}, not JSON: ${excerpt(answer.body)}`;
  }
};

const detailsOf = (reading: Reading): string[] => [
  ...reading.unread.map(
    ({ id, problems }) => `${id === null ? "a row without id" : `row ${id}`}: ${problems.join("; ")}`,
  ),
  ...[...reading.tolerated].map(([line, rows]) => `tolerated: ${line} (${rows} row${rows === 1 ? "" : "s"})`),
];

export const checkBackend = async (options: CheckOptions): Promise<EndpointReport[]> => {
  const root = apiRootOf(options.apiBaseUrl, "http://localhost/");
  // Checked and normalised as config.json's are (a root with or without its trailing slash).
  setKindRoutes(options.kindPaths ? parseKindPaths(options.kindPaths) : {});
  const reports: EndpointReport[] = [];
  let token = "";

  const send = async (method: "GET" | "POST", path: string, json?: unknown, query = ""): Promise<Answer | string> => {
    try {
      const response = await fetch(`${apiPathUrl(root, path)}${query}`, {
        method,
        headers: {
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      return {
        status: response.status,
        type: response.headers.get("content-type") ?? "",
        body: new Uint8Array(await response.arrayBuffer()),
      };
    } catch (error) {
      return `no answer: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
    }
  };

  const report = (call: string, outcome: EndpointReport["outcome"], summary: string, details: string[] = []) => {
    reports.push({ call, outcome, summary, details });
  };

  /** A JSON answer read with `read`. */
  const checkJson = async (
    call: string,
    path: string,
    read: (value: unknown) => { summary: string; reading: Reading; notes?: string[] } | string,
    { query = "", kindPath = false } = {},
  ): Promise<void> => {
    const answer = await send("GET", path, undefined, query);
    if (typeof answer === "string") return report(call, "failed", answer);
    if (answer.status < 200 || answer.status > 299) return report(call, "failed", refusal(answer, kindPath));
    const parsed = parseJson(answer);
    if (typeof parsed === "string") return report(call, "failed", parsed);
    const outcome = read(parsed.value);
    if (typeof outcome === "string") return report(call, "failed", outcome);
    const { reading, summary, notes = [] } = outcome;
    report(call, reading.unread.length > 0 ? "failed" : "works", summary, [...detailsOf(reading), ...notes]);
  };

  const one = (schema: Schema.ConstraintDecoder<unknown>) => (value: unknown) => {
    const reading = readOne(schema, value);
    return { reading, summary: reading.read === 1 ? "read" : "could not be read" };
  };

  /** A list: its rows read one by one; its next link checked to stay under apiBaseUrl. */
  const list =
    (schema: Schema.ConstraintDecoder<unknown>, accepts: "paged" | "array" | "either", rows: unknown[]) =>
    (value: unknown) => {
      const found = listRows(value, accepts);
      if (typeof found === "string") return found;
      rows.push(...found.rows);
      const reading = readRows(schema, found.rows);
      const notes =
        found.next !== null && !found.next.startsWith(root.href)
          ? [`warning: its next link ${found.next} is not under apiBaseUrl (${root.href}). ${PREFIX_HINT}`]
          : [];
      const total = found.rows.length;
      const summary =
        reading.unread.length === 0
          ? `${total} row${total === 1 ? "" : "s"} read${found.next !== null ? " (first page)" : ""}`
          : `${reading.unread.length} of ${total} rows could not be read`;
      return { reading, summary, notes };
    };

  const checkFile = async (call: string, path: string, pdf = false) => {
    const answer = await send("GET", path);
    if (typeof answer === "string") return report(call, "failed", answer);
    if (answer.status < 200 || answer.status > 299) return report(call, "failed", refusal(answer, true));
    if (pdf && text(answer.body.slice(0, 5)) !== "%PDF-")
      return report(call, "failed", `not a PDF (${answer.type || "no content type"}): ${excerpt(answer.body)}`);
    report(call, "works", `a file of ${answer.body.length} bytes (${answer.type || "no content type"})`);
  };

  // Sign in as the app does (docs/spec.md §7): the only POST.
  const signIn = await send("POST", paths.token, { username: options.username, password: options.password });
  const signInCall = `POST ${paths.token}`;
  if (typeof signIn === "string") return (report(signInCall, "failed", signIn), reports);
  if (signIn.status === 400 || signIn.status === 401) {
    const why = `HTTP ${signIn.status}, the username or password was refused: ${excerpt(signIn.body)}`;
    return (report(signInCall, "failed", why), reports);
  }
  if (signIn.status !== 200) return (report(signInCall, "failed", refusal(signIn, false)), reports);
  const parsed = parseJson(signIn);
  const reading = typeof parsed === "string" ? null : readOne(Token, parsed.value);
  const access = typeof parsed === "string" ? undefined : (parsed.value as { access?: unknown }).access;
  if (reading === null || reading.read !== 1 || typeof access !== "string") {
    return (
      report(signInCall, "failed", typeof parsed === "string" ? parsed : "no access token in the answer"), reports
    );
  }
  token = access;
  report(signInCall, "works", `signed in as ${options.username}`, detailsOf(reading));

  await checkJson(`GET ${paths.profile}`, paths.profile, one(Profile));
  await checkJson(`GET ${paths.stats}`, paths.stats, one(Stats));
  await checkJson(`GET ${paths.agents}`, paths.agents, list(Agent, "either", []));

  for (const kind of Object.values(kinds)) {
    const kindPaths = kind.paths;
    const demands: unknown[] = [];
    await checkJson(`GET ${kindPaths.demands}`, kindPaths.demands, list(kind.schemas.demand, "paged", demands), {
      kindPath: true,
    });
    const cards: unknown[] = [];
    await checkJson(`GET ${kindPaths.cards}`, kindPaths.cards, list(kind.schemas.card, "paged", cards), {
      kindPath: true,
    });
    const demandId = firstId(demands);
    if (demandId === null) report(`GET ${kindPaths.demands}{id}/`, "skipped", "no demand in the list to read");
    else await checkJson(`GET ${kindPaths.demand(demandId)}`, kindPaths.demand(demandId), one(kind.schemas.demand));
    const cardId = firstId(cards);
    if (cardId === null) {
      report(`GET ${kindPaths.cards}{id}/`, "skipped", "no card in the list to read");
      report(`GET ${kindPaths.cards}{id}/pdf/`, "skipped", "no card in the list to read");
    } else {
      await checkJson(`GET ${kindPaths.card(cardId)}`, kindPaths.card(cardId), one(kind.schemas.card));
      await checkFile(`GET ${kindPaths.cardPdf(cardId)}`, kindPaths.cardPdf(cardId), true);
    }
    await checkFile(`GET ${kindPaths.exportCards}`, kindPaths.exportCards);
  }
  await checkFile(`GET ${paths.exportAll}`, paths.exportAll);

  // The institution lists are public (the registration wizard reads them without signing in).
  token = "";
  for (const name of referenceNames) {
    await checkJson(
      `GET ${paths.reference(name)}`,
      paths.reference(name),
      list(referenceRowSchemas[name], "array", []),
      {
        query: "?no_pagination=true",
      },
    );
  }
  return reports;
};

/** The id of the first row that has one, as the app would put it in a path. */
const firstId = (rows: readonly unknown[]): string | null => {
  for (const row of rows) {
    const id = typeof row === "object" && row !== null ? (row as Record<string, unknown>).id : undefined;
    if (typeof id === "string" || typeof id === "number") return String(id);
  }
  return null;
};

const MARK: Record<EndpointReport["outcome"], string> = { works: "works  ", failed: "FAILED ", skipped: "skipped" };

/** The report as the command prints it: one line per endpoint, its details indented, then the count. */
export const formatReport = (apiBaseUrl: string, reports: readonly EndpointReport[]): string => {
  const count = (outcome: EndpointReport["outcome"]) => reports.filter((r) => r.outcome === outcome).length;
  return [
    `Checking ${apiBaseUrl} with the app's schemas (read-only: a sign-in, then GET requests)`,
    ...reports.flatMap((r) => [
      `${MARK[r.outcome]}  ${r.call}: ${r.summary}`,
      ...r.details.map((d) => `           ${d}`),
    ]),
    `${count("works")} work, ${count("failed")} failed, ${count("skipped")} skipped.`,
  ].join("\n");
};
