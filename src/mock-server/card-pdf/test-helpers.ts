/** Node-only helpers for the card-pdf tests (poppler tools, QR decoding). Not part of the app bundle. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Box, CardLayout, TextElement } from "./layout.ts";

const withTempDir = <T>(fn: (dir: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), "card-pdf-"));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Text of the PDF as poppler extracts it (uses the ToUnicode maps, so it proves the glyphs map back). */
export const pdfToText = (pdf: Uint8Array): string =>
  withTempDir((dir) => {
    const file = join(dir, "card.pdf");
    writeFileSync(file, pdf);
    return execFileSync("/usr/bin/pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  });

/** Rasterises one page (1-based) with pdftoppm and returns RGBA pixels. */
export const rasterizePage = (
  pdf: Uint8Array,
  page: number,
  dpi = 300,
): { data: Uint8ClampedArray; width: number; height: number } =>
  withTempDir((dir) => {
    const file = join(dir, "card.pdf");
    writeFileSync(file, pdf);
    execFileSync("/usr/bin/pdftoppm", [
      "-png",
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      file,
      join(dir, "page"),
    ]);
    const png = PNG.sync.read(readFileSync(join(dir, "page.png")));
    return {
      data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      width: png.width,
      height: png.height,
    };
  });

export const decodeQr = (img: { data: Uint8ClampedArray; width: number; height: number }): string | null =>
  jsQR(img.data, img.width, img.height, { inversionAttempts: "dontInvert" })?.data ?? null;

export const textElements = (layout: CardLayout): Array<TextElement & { side: "front" | "back" }> => [
  ...layout.front.flatMap((e) => (e.type === "text" ? [{ ...e, side: "front" as const }] : [])),
  ...layout.back.flatMap((e) => (e.type === "text" ? [{ ...e, side: "back" as const }] : [])),
];

const EPS = 0.01;

export const intersects = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;

/** Every broken layout rule, as readable strings (empty when the layout is sound). */
export const layoutProblems = (layout: CardLayout): string[] => {
  const problems: string[] = [];
  const texts = textElements(layout);
  for (const t of texts) {
    const id = `${t.side}/${t.role} "${t.text}"`;
    if (t.width > t.box.w + EPS) problems.push(`${id}: width ${t.width.toFixed(2)} > box ${t.box.w.toFixed(2)}`);
    if (t.x < t.box.x - EPS || t.x + t.width > t.box.x + t.box.w + EPS)
      problems.push(`${id}: outside its box horizontally`);
    if (
      t.box.x < -EPS ||
      t.box.y < -EPS ||
      t.box.x + t.box.w > layout.width + EPS ||
      t.box.y + t.box.h > layout.height + EPS
    )
      problems.push(`${id}: box outside the card`);
    if (t.baseline < t.box.y || t.baseline > t.box.y + t.box.h) problems.push(`${id}: baseline outside its box`);
    if (t.size < 2.8 - EPS) problems.push(`${id}: size ${t.size} below minimum`);
  }
  for (const side of ["front", "back"] as const) {
    const own = texts.filter((t) => t.side === side);
    own.forEach((a, i) =>
      own.slice(i + 1).forEach((b) => {
        if (intersects(a.box, b.box)) problems.push(`${side}: "${a.text}" overlaps "${b.text}"`);
      }),
    );
    const blocks = (side === "front" ? layout.front : layout.back).flatMap((e) =>
      e.type === "qr" || e.type === "photo" ? [e.box] : [],
    );
    for (const t of own)
      for (const b of blocks) if (intersects(t.box, b)) problems.push(`${side}: "${t.text}" overlaps photo/QR`);
  }
  return problems;
};
