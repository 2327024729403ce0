/** CSV as spreadsheets open it: UTF-8 with a byte-order mark, CRLF rows, RFC 4180 quoting. */

/** A cell starting like a formula (= + - @, or tab/CR) is prefixed with ' so no spreadsheet evaluates it. */
export const neutralise = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const quote = (cell: string): string => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export const toCsv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): Uint8Array => {
  const line = (cells: ReadonlyArray<string | number>) => cells.map((c) => quote(neutralise(String(c)))).join(",");
  const text = [line(header), ...rows.map(line)].join("\r\n") + "\r\n";
  return new TextEncoder().encode(`\uFEFF${text}`);
};

export const CSV_TYPE = "text/csv; charset=utf-8";
