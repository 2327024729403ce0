export { renderCardPdf, createMeasure } from "./render.ts";
export { loadCardFonts, cardFontUrls } from "./fonts.ts";
export { layoutCard, CARD_WIDTH, CARD_HEIGHT, MIN_SIZES } from "./layout.ts";
export type { CardLayout, CardElement, TextElement, Box } from "./layout.ts";
export { qrMatrix } from "./qr.ts";
export type { QrMatrix, QrLevel } from "./qr.ts";
export { kindThemes, lineLabels, cardTexts, defaultUniversityName } from "./theme.ts";
export { sampleCards, stressCard, checkUrlFor, samplePortrait } from "./samples.ts";
export type { Bilingual, CardFonts, CardPdfInput, CardPdfOptions } from "./types.ts";
