/**
 * Example bodies of the contracts, built from the shared sample entities (tests/fixtures/entities.ts) and
 * turned into Pact matchers: types for plain values, regular expressions for dates and codes, `eachLike` for
 * lists. Only what the client reads is in a contract; optional fields a provider may leave out are left out.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import type { KindId } from "../../../src/api/kind-ids";
import { kinds } from "../../../src/kinds";
import * as fx from "../../fixtures/entities";

type Matcher = ReturnType<typeof M.like>;

/** A regex matcher whose example is checked against the pattern here (Pact would only notice at verification). */
export const re = (pattern: string, example: string): ReturnType<typeof M.regex> => {
  if (!new RegExp(pattern).test(example))
    throw new Error(`example ${JSON.stringify(example)} does not match /${pattern}/`);
  return M.regex(pattern, example);
};

export const patterns = {
  /** ISO 8601 date-time with an offset or Z (Django answers both ways). */
  dateTime: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})$",
  /** Birth dates travel as YYYY-MM-DD (docs/spec.md §5). */
  date: "^\\d{4}-\\d{2}-\\d{2}$",
  /** Card codes start with the kind's prefix (docs/spec.md §9: PCSTUD, PCPER, PCTEA). */
  cardCode: (kind: KindId) => `^${kinds[kind].codePrefix}\\d+$`,
  /** Demand codes: upper-case letters then digits (the spec shows none; the client only displays them). */
  demandCode: "^[A-Z]+\\d+$",
  /** Academic year, e.g. 2026/2027 (2024-2025 accepted). */
  academicYear: "^\\d{4}[/-]\\d{4}$",
  /** Base64 image, bare or as a data: URL. */
  base64Image: "^(data:image/[a-z+]+;base64,)?[A-Za-z0-9+/]+=*$",
  /** Nine-digit Cameroon numbers (docs/spec.md §5). */
  phone: "^\\d{9}$",
  email: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
  integer: "^\\d+$",
} as const;

const DATE_TIME_KEYS = new Set(["insert_at", "update_at"]);

/** Each value of `sample` as a matcher chosen by its key (dates, codes, the rest by type). */
const matchify = (
  kind: KindId,
  sample: Record<string, unknown>,
  codeOf: "demand" | "card" | "none",
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(sample).map(([key, value]) => {
      if (DATE_TIME_KEYS.has(key)) return [key, re(patterns.dateTime, String(value))];
      if (key === "birth_at") return [key, re(patterns.date, String(value))];
      if (key === "code" && codeOf === "card") return [key, re(patterns.cardCode(kind), String(value))];
      if (key === "code" && codeOf === "demand") return [key, re(patterns.demandCode, String(value))];
      if (key === "duration_year_str") return [key, re(patterns.academicYear, String(value))];
      if (key === "photo_str") return [key, re(patterns.base64Image, String(value))];
      return [key, M.like(value)];
    }),
  );

const omit = <T extends object>(value: T, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

/** A bare-base64 1×1 PNG (photo_str samples, and the photo part of multipart bodies). */
export const PNG_BASE64 = fx.photoBase64.replace(/^data:[^,]+,/, "");
export const PNG_BYTES = Buffer.from(PNG_BASE64, "base64");

// ── Demands ──────────────────────────────────────────────────────────────────────────────────────────────────

export const demandSamples = { student: fx.studentDemand, staff: fx.staffDemand, teacher: fx.teacherDemand } as const;

/** A demand as lists show it: required fields only (niveau and photo_str may be missing or null). */
export const demandItem = (kind: KindId, overrides: Record<string, unknown> = {}) =>
  ({
    ...matchify(kind, omit({ ...demandSamples[kind], validated: false }, ["niveau", "photo_str"]), "demand"),
    ...overrides,
  }) as Record<string, unknown>;

/** A demand as the validation screen reads it: the student's photo is needed to validate (docs/spec.md §4). */
export const demandDetail = (kind: KindId) =>
  kind === "student" ? { ...demandItem(kind), photo_str: re(patterns.base64Image, PNG_BASE64) } : demandItem(kind);

/** Form fields of a demand submission or full validation (server names, docs/spec.md §3). */
export const demandForm = (kind: KindId): Record<string, string | number> => {
  const sample = demandSamples[kind];
  const fields = omit(sample, ["id", "code", "insert_at", "validated", "photo_str"]);
  return fields as Record<string, string | number>;
};

/** Matchers for each form field of a multipart body (what the client sends, by shape). */
export const formFieldPatterns: Readonly<Record<string, string>> = {
  birth_at: patterns.date,
  phone: patterns.phone,
  contact_person_phone: patterns.phone,
  email: patterns.email,
  register: "^\\S{5,7}$",
  nid: "^\\S{1,10}$",
  gender: "^[12]$",
  paiement: "^[12]$",
  blood_group: "^[1-9]$",
  scholl: "^1$",
  school: "^1$",
  faculty: patterns.integer,
  cycle: patterns.integer,
  filiere: patterns.integer,
  niveau: "^\\d*$",
  department: patterns.integer,
  fonction: patterns.integer,
  grade: patterns.integer,
  service: patterns.integer,
};

// ── Cards ────────────────────────────────────────────────────────────────────────────────────────────────────

export const cardSamples = { student: fx.studentCard, staff: fx.staffCard, teacher: fx.teacherCard } as const;
export const checkSamples = { student: fx.studentCheck, staff: fx.staffCheck, teacher: fx.teacherCheck } as const;
const validator = { username: "fotsing.aime", first_name: "Aimé" };

/** A card as lists and the detail screen show it: with the agent who validated it and the print count. */
export const cardBody = (kind: KindId) =>
  matchify(
    kind,
    { ...omit(cardSamples[kind], kind === "student" ? ["lastname", "faculty"] : []), validator, print_count: 1 },
    "card",
  );

/** What the public check page shows (docs/spec.md §3); the photo only for students, the only kind with one. */
export const checkBody = (kind: KindId) => {
  const sample = omit(checkSamples[kind], ["photo_str", "niveau", "validator", "print_count"]);
  const body = matchify(kind, sample, "card");
  return kind === "student" ? { ...body, photo_str: re(patterns.base64Image, PNG_BASE64) } : body;
};

// ── Paging ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * An absolute next/previous link to `path` carrying `page=<n>` among its parameters. As a "next" link it is
 * generated from the mock server's own URL, so the client can follow it within the test.
 */
export const pageLink = (path: string, page: number, query: string, followable: boolean): Matcher => {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const regex = `^https?://[^/]+(${escaped}\\?(?:[^#]*&)?page=${page}(?:&[^#]*)?)$`;
  const example = `http://localhost:8080${path}?${query}`;
  if (!new RegExp(regex).test(example)) throw new Error(`example ${example} does not match ${regex}`);
  return (followable
    ? { "pact:matcher:type": "regex", "pact:generator:type": "MockServerURL", regex, value: example, example }
    : { "pact:matcher:type": "regex", regex, value: example }) as unknown as Matcher;
};

/** A link to the first page: the list path with any parameters except page>1. */
export const firstPageLink = (path: string, query: string): Matcher => {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return re(
    `^https?://[^/]+${escaped}(\\?.*)?$`,
    `http://localhost:8080${path}${query ? `?${query}` : ""}`,
  ) as unknown as Matcher;
};

// ── Files ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The smallest valid PDF (one empty A7 page), computed with a correct cross-reference table. */
export const minimalPdf = (): Buffer => {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 210 298] >>",
  ];
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
};

/** A small CSV export as spreadsheets open it (BOM, header line, CRLF rows). */
export const sampleCsv = (kind: KindId | "all"): string =>
  `\uFEFFType,Code carte,Matricule,Nom,Prénom\r\n${kind === "all" ? "Étudiant" : kind},${fx.studentCard.code},${fx.studentCard.register},Ngono,Épiphanie\r\n`;

/** A CSV file: a header line, then rows (whatever the columns; the client only saves the file). */
export const CSV_BODY_PATTERN = "^[^\\r\\n]+(\\r?\\n[^\\r\\n]*)*$";
