// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import type { CheckResult } from "../../machines/verifier-check";
import { VerdictPanel } from "./VerdictPanel";

const unknownKey = (aheadFrom?: string): CheckResult => ({
  result: "verdict",
  verdict: { verdict: "unknownKey", kid: "0011223344556677", ...(aheadFrom ? { aheadFrom } : {}) },
  card: { kind: "student", token: "tok" },
  listIssuedAt: null,
  keysHeld: true,
});

const show = (result: CheckResult) =>
  render(<VerdictPanel result={result} checkedOffline confirmedAt={null} photo={undefined} headingId="verdict" />);

describe("/verify's verdict on a card signed by a key dated ahead of the phone", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });
  afterEach(cleanup);

  it("says the key is not in service yet, from which day, and to check the phone's date", () => {
    show(unknownKey("2026-12-01"));
    expect(
      screen.getByRole("heading", { name: "Clé pas encore en service\u00a0: vérifiez la date du téléphone" }),
    ).toBeVisible();
    expect(
      screen.getByText(/n'entre en service que le 01\/12\/2026\. Si la date du téléphone est juste/),
    ).toBeVisible();
  });

  it("a key this checker does not hold stays an unknown key", () => {
    show(unknownKey());
    expect(screen.getByRole("heading", { name: "Clé inconnue" })).toBeVisible();
  });
});
