// @vitest-environment jsdom
// Runs in the project's default jsdom environment: the renderer and the browser font path, as in the demo.
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createMirage } from "miragejs";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardFontUrls, loadCardFonts, readFontBytes } from "./fonts.ts";
import { renderCardPdf } from "./render.ts";
import { sampleCards } from "./samples.ts";

describe("in a browser-like environment (jsdom)", () => {
  let http: Server;
  let origin: string;
  let disk: Uint8Array;

  beforeAll(async () => {
    disk = (await loadCardFonts()).regular;
    http = createHttpServer((req, res) => {
      res.setHeader("access-control-allow-origin", "*");
      if (req.url !== "/DejaVuSans.ttf") {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader("content-type", "font/ttf");
      res.end(disk);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
  });

  it("renders a card", async () => {
    expect(typeof window).toBe("object");
    const doc = await PDFDocument.load(await renderCardPdf(sampleCards().staff));
    expect(doc.getPageCount()).toBe(2);
  });

  it("resolves the font URLs next to the module", () => {
    expect(cardFontUrls.regular.pathname).toMatch(/card-pdf\/fonts\/DejaVuSans\.ttf$/u);
    expect(cardFontUrls.bold.pathname).toMatch(/card-pdf\/fonts\/DejaVuSans-Bold\.ttf$/u);
  });

  it("downloads font bytes intact over HTTP", async () => {
    const bytes = await readFontBytes(new URL(`${origin}/DejaVuSans.ttf`));
    expect(bytes.length).toBe(disk.length);
    expect(Buffer.from(bytes).equals(Buffer.from(disk))).toBe(true);
  });

  it("downloads font bytes intact through a Mirage passthrough", async () => {
    const mirage = createMirage({
      environment: "test",
      routes() {
        this.passthrough(`${origin}/**`);
      },
    });
    try {
      const bytes = await readFontBytes(new URL(`${origin}/DejaVuSans.ttf`));
      expect(Buffer.from(bytes).equals(Buffer.from(disk))).toBe(true);
    } finally {
      mirage.shutdown();
    }
  });

  it("reports a failed download", async () => {
    await expect(readFontBytes(new URL(`${origin}/missing.ttf`))).rejects.toThrow(/HTTP 404/u);
  });
});
