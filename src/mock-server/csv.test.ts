// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutralise, toCsv } from "./csv";

/** An RFC 4180 reader, as a spreadsheet imports the file: quoted fields may hold commas, quotes and line breaks. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
};

const decode = (bytes: Uint8Array) => {
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3));
};

const cellText = fc.oneof(
  fc.string(),
  fc.constantFrom("Ngoumou Éloïse", "Bèbè Ñama", "Tchoupo-Ŋkeng", "d'Almeida, Jean", 'Le "Lion"', "ligne 1\r\nligne 2"),
  fc.string().map((s) => `=${s}`),
  fc.constantFrom("+237 677 12 34 56", "-1", "@SUM(A1:A9)", "\tTab", '=HYPERLINK("http://x.example","y")'),
);

describe("CSV exports", () => {
  it("parse back to the same header and rows, every formula-like cell neutralised", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cellText, { minLength: 3, maxLength: 3 }), { maxLength: 20 }), (rows) => {
        const header = ["Code carte", "Nom", "Allergies"];
        const parsed = parseCsv(decode(toCsv(header, rows)));
        expect(parsed).toEqual([header, ...rows.map((row) => row.map(neutralise))]);
        for (const row of parsed.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 300 },
    );
  });

  it("prefixes exactly the cells a spreadsheet would evaluate", () => {
    expect(["=1+1", "+237", "-2", "@A1", "\tx", "\rx", "Nom", "'deja"].map(neutralise)).toEqual([
      "'=1+1",
      "'+237",
      "'-2",
      "'@A1",
      "'\tx",
      "'\rx",
      "Nom",
      "'deja",
    ]);
  });
});
