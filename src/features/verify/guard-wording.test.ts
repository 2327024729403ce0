import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/verify.json";
import fr from "../../i18n/locales/fr/verify.json";

const texts = (node: unknown): string[] =>
  typeof node === "string" ? [node] : typeof node === "object" && node ? Object.values(node).flatMap(texts) : [];

/** /verify speaks to gate guards: a card is suspended, lost, stolen or replaced, never "revoked" on a "revocation list". */
describe("the checker's words", () => {
  it("never speak of revocation, in French or in English", () => {
    expect(texts(fr).filter((text) => /révo/i.test(text))).toEqual([]);
    expect(texts(en).filter((text) => /revo/i.test(text))).toEqual([]);
  });
});
