import type { Agent } from "../api";
import { formatDateTime } from "../i18n/format";

/**
 * The card export as French Excel opens it with a double click: cells separated by `;` (a French Excel's list
 * separator, the comma being its decimal mark), a UTF-8 byte-order mark (else accents come out garbled), CRLF
 * rows, dates written `dd/mm/yyyy hh:mm` (what a French Excel reads as a date, with no " - " between day and
 * time), the status in the words the screens use, and the validating agent's name where the agent list knows the
 * username or id. Made in the browser from the backend's CSV (docs/spec.md §7 returns "a file"), whose columns
 * are found by their header, so a backend whose columns differ still gets separators, dates and the BOM.
 */

export interface ExcelWords {
  readonly active: string;
  readonly inactive: string;
  /** The lifecycle extension's states (suspended, replaced, expired), as the screens name them. */
  readonly states?: Readonly<Partial<Record<"suspended" | "replaced" | "expired", string>>>;
}

/** RFC 4180 cells of a CSV text (quoted cells, doubled quotes, CRLF or LF rows), its BOM dropped. */
export const parseCsv = (text: string, separator = ","): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
};

/** The separator of the header line: `;` when it has more of them than commas (outside quotes, roughly). */
const separatorOf = (text: string): string => {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (c: string) => header.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
};

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[_\s]+/g, " ")
    .trim();

const statusHeaders = new Set(["statut", "status", "etat", "state", "valid", "valide", "validite"]);
const agentHeaders = new Set(["validee par", "valide par", "validated by", "validator", "validateur", "agent"]);
const activeWords = new Set(["valide", "valid", "true", "1", "active", "actif", "oui", "yes"]);
const inactiveWords = new Set(["invalide", "invalid", "false", "0", "inactive", "inactif", "non", "no"]);
const stateWords: ReadonlyMap<string, "suspended" | "replaced" | "expired"> = new Map([
  ["suspendue", "suspended"],
  ["suspended", "suspended"],
  ["remplacee", "replaced"],
  ["replaced", "replaced"],
  ["expiree", "expired"],
  ["expired", "expired"],
]);

/** A date or date and time, written as a French Excel reads it; null when the cell is no date. */
export const excelDate = (cell: string): string | null => {
  const text = cell.trim();
  const shown = /^(\d{2}\/\d{2}\/\d{4}) - (\d{2}:\d{2})$/.exec(text);
  if (shown) return `${shown[1]} ${shown[2]}`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) {
    const local = formatDateTime(text.replace(" ", "T"));
    return local === "" ? null : local.replace(" - ", " ");
  }
  return null;
};

/** A cell starting like a formula gets a leading ' (as the server's export does), so Excel evaluates nothing. */
const neutralised = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const quoted = (cell: string): string => (/[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** What an agent is called in the export: first and last name, else the username. */
const agentName = (agent: Agent): string => `${agent.first_name} ${agent.last_name}`.trim() || agent.username;

/**
 * What the screens say in a cell of the server's CSV: its status column in the screens' words, its validator column
 * as the agent's name where the agent list knows the username or id; other cells as they are (null).
 */
const screenWordsOf = (header: readonly string[], words: ExcelWords, agents: readonly Agent[]) => {
  const kinds = header.map((title) => {
    const key = folded(title);
    return statusHeaders.has(key) ? "status" : agentHeaders.has(key) ? "agent" : "other";
  });
  const names = new Map<string, string>();
  for (const agent of agents) {
    names.set(agent.username, agentName(agent));
    names.set(String(agent.id), agentName(agent));
  }
  return (cell: string, column: number): string | null => {
    if (kinds[column] === "status") {
      const key = folded(cell);
      if (activeWords.has(key)) return words.active;
      if (inactiveWords.has(key)) return words.inactive;
      const state = stateWords.get(key);
      return (state && words.states?.[state]) ?? cell;
    }
    if (kinds[column] === "agent") return names.get(cell.trim()) ?? cell;
    return null;
  };
};

export const toExcelCsv = (text: string, words: ExcelWords, agents: readonly Agent[]): Uint8Array<ArrayBuffer> => {
  const rows = parseCsv(text, separatorOf(text));
  const [header = [], ...body] = rows;
  const screenWords = screenWordsOf(header, words, agents);
  const cellOf = (cell: string, column: number): string => screenWords(cell, column) ?? excelDate(cell) ?? cell;
  const lines = [
    header.map((cell) => quoted(neutralised(cell))).join(";"),
    ...body.map((row) => row.map((cell, column) => quoted(neutralised(cellOf(cell, column)))).join(";")),
  ];
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
};

/**
 * The plain export in the same words as the Excel one and the screens: the server's CSV with its status and validator
 * columns rewritten (screenWordsOf), its separator, dates, other cells and byte-order mark as the server wrote them.
 */
export const toScreenWordsCsv = (text: string, words: ExcelWords, agents: readonly Agent[]): string => {
  const separator = separatorOf(text);
  const [header = [], ...body] = parseCsv(text, separator);
  const screenWords = screenWordsOf(header, words, agents);
  const quote = (cell: string) =>
    cell.includes(separator) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  const lines = [
    header.map(quote).join(separator),
    ...body.map((row) => row.map((cell, column) => quote(screenWords(cell, column) ?? cell)).join(separator)),
  ];
  return `${text.startsWith("\uFEFF") ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
};

/** Rows the app made itself (a report) as a CSV for Excel: `;`, the BOM, cells neutralised and quoted. */
export const toExcelCsvRows = (rows: readonly (readonly string[])[]): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(
    `\uFEFF${rows.map((row) => row.map((cell) => quoted(neutralised(cell))).join(";")).join("\r\n")}\r\n`,
  );
