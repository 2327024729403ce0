// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { studentCheck } from "../../../tests/fixtures/entities";
import { DEFAULT_VALIDITY_RULES } from "../../api/card-validity";
import { setupTestI18n } from "../../i18n/testing";
import { toCheckView, type CheckAnswer } from "../../machines/card-check-view";
import { mountCheckView, type CheckScreen } from "./check-view";

let t: TFunction;
beforeAll(async () => {
  t = (await setupTestI18n("fr")).t;
});

const at = (day: string) => Date.parse(`${day}T10:00:00+01:00`);
const answer = (extra: Partial<CheckAnswer<"student">>): CheckAnswer<"student"> => ({
  ...studentCheck,
  duration_year_str: "2026/2027",
  update_at: "2026-10-02T10:00:00+01:00",
  ...extra,
});

/** The verdict the page draws for an answer, checked at `now`, with or without the capability. */
const verdictOf = (extra: Partial<CheckAnswer<"student">>, now: number, lifecycle = true) => {
  const host = document.createElement("div");
  const view = mountCheckView(host, {
    t,
    language: "fr",
    onRetry: () => {},
    lifecycle: lifecycle ? DEFAULT_VALIDITY_RULES : null,
  });
  const a = answer(extra);
  const screen: CheckScreen = {
    kind: "student",
    phase: a.valid ? "valid" : "invalid",
    view: toCheckView("student", a),
    labels: {},
    labelsDone: true,
    checkedAt: now,
    errorKey: null,
  };
  view.update(screen);
  const box = host.querySelector<HTMLElement>("[data-testid=check-verdict]");
  if (!box) throw new Error("no verdict");
  return { verdict: box.dataset.verdict, text: box.textContent ?? "" };
};

describe("check page verdict, lifecycle extension", () => {
  it("a card reported lost: red, with the reason and the day", () => {
    const { verdict, text } = verdictOf(
      { valid: false, state: "suspended", state_reason: "lost", state_at: "2026-11-12T09:30:00+01:00" },
      at("2026-11-26"),
    );
    expect(verdict).toBe("invalid");
    expect(text).toContain("Carte signalée perdue le 12/11/2026 — ne l'acceptez pas");
  });

  it("a replaced card: red, replaced by a newer card on that day", () => {
    const { verdict, text } = verdictOf(
      { valid: false, state: "replaced", state_at: "2026-11-13T08:00:00+01:00" },
      at("2026-11-26"),
    );
    expect(verdict).toBe("invalid");
    expect(text).toContain("Remplacée par une carte plus récente le 13/11/2026");
  });

  it("the clock past the end of the academic year: an active answer is read as expired, red", () => {
    expect(verdictOf({ valid: true }, at("2027-09-30")).verdict).toBe("valid");
    const { verdict, text } = verdictOf({ valid: true }, at("2027-10-01"));
    expect(verdict).toBe("invalid");
    expect(text).toContain("Expirée le 30/09/2027");
  });

  it("a valid card says until when, and warns under 30 days", () => {
    const far = verdictOf({ valid: true, valid_until: "2027-09-30" }, at("2026-11-26"));
    expect(far.text).toContain("Valide jusqu'au 30/09/2027");
    expect(far.text).not.toContain("expire dans");
    expect(verdictOf({ valid: true }, at("2027-09-20")).text).toContain(
      "Elle expire dans 10 jours\u00a0: le titulaire doit la renouveler.",
    );
  });

  it("without the capability the verdict is the spec's, whatever the answer carries", () => {
    const { verdict, text } = verdictOf(
      { valid: false, state: "suspended", state_reason: "lost", state_at: "2026-11-12T09:30:00+01:00" },
      at("2026-11-26"),
      false,
    );
    expect(verdict).toBe("invalid");
    expect(text).toContain("Cette carte a été désactivée");
    expect(text).not.toContain("perdue");
    expect(verdictOf({ valid: true }, at("2030-01-01"), false).verdict).toBe("valid");
  });
});
