// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { signedNote, signedVerdict } from "./check-signed-view";

const optionsFor = async () => {
  const i18n = await setupTestI18n("fr");
  return { t: i18n.t, language: "fr" as const, onRetry: () => {} };
};

describe("the check page's signed verdict for a key dated ahead of the device", () => {
  it("says the key is not in service yet and from which day, before and under the online answer", async () => {
    const options = await optionsFor();
    const signed = { status: "unknownKey", aheadFrom: "2026-12-01" } as const;
    const verdict = signedVerdict(options, "student", signed, true);
    expect(verdict.querySelector("h1")?.textContent).toBe("Clé pas encore en service");
    expect(verdict.textContent).toContain(
      "Ce code QR est signé par une clé qui n'entre en service que le 01/12/2026\u00a0: vérifiez la date de cet appareil.",
    );
    expect(signedNote(options, signed).textContent).toContain("sa clé n'entre en service que le 01/12/2026.");
  });

  it("a key the issuer does not publish stays an unknown key", async () => {
    const verdict = signedVerdict(await optionsFor(), "student", { status: "unknownKey" }, true);
    expect(verdict.querySelector("h1")?.textContent).toBe("Clé inconnue");
  });
});
