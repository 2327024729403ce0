import { PDFDocument } from "pdf-lib";
import type { CardPdfInput, CardPdfOptions } from "./types";

/** Placeholder until the card-rendering work lands: a valid two-page PDF of ID-1 size. */
export const renderCardPdf = async (input: CardPdfInput, _options: CardPdfOptions = {}): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle(input.code);
  doc.addPage([242.65, 153.01]);
  doc.addPage([242.65, 153.01]);
  return doc.save();
};
