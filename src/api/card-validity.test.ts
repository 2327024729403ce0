import { describe, expect, it } from "vitest";
import { cardStateOn, daysLeft, DEFAULT_VALIDITY_RULES, parseValidityRules, validUntilOf } from "./card-validity";

const student = { valid: true, update_at: "2026-10-02T10:00:00+01:00", duration_year_str: "2026/2027" };
const staff = { valid: true, update_at: "2026-10-02T10:00:00+01:00", insert_at: "2026-03-01T09:00:00+01:00" };

describe("validity end", () => {
  it("a student card is valid to the end of its academic year, on the configured day", () => {
    expect(validUntilOf("student", student)).toBe("2027-09-30");
    expect(validUntilOf("student", student, parseValidityRules({ academicYearEnd: "07-31" }))).toBe("2027-07-31");
    expect(validUntilOf("student", { ...student, duration_year_str: "2024-2025" })).toBe("2025-09-30");
  });

  it("without duration_year_str a student card ends with the academic year it was issued in", () => {
    expect(validUntilOf("student", { update_at: "2026-10-02T10:00:00+01:00" })).toBe("2027-09-30");
    expect(validUntilOf("student", { update_at: "2027-09-30T23:30:00+01:00" })).toBe("2027-09-30");
  });

  it("staff and teacher cards are valid the configured years from issue", () => {
    expect(validUntilOf("staff", staff)).toBe("2031-02-28");
    expect(validUntilOf("teacher", staff, parseValidityRules({ teacherYears: 3 }))).toBe("2029-02-28");
  });

  it("the server's valid_until wins over the rules", () => {
    expect(validUntilOf("student", { ...student, valid_until: "2026-12-31" })).toBe("2026-12-31");
  });

  it("config.json's cardValidity: defaults when absent, refused when wrong", () => {
    expect(parseValidityRules(undefined)).toEqual(DEFAULT_VALIDITY_RULES);
    expect(() => parseValidityRules({ academicYearEnd: "30/09" })).toThrow(/MM-DD/);
    expect(() => parseValidityRules({ staffYears: 0 })).toThrow(/staffYears/);
    expect(() => parseValidityRules([])).toThrow(/object/);
  });
});

describe("state on a day", () => {
  it("an active card expires the day after its last valid day (the clock past the academic year's end)", () => {
    expect(cardStateOn("student", student, "2027-09-30")).toBe("active");
    expect(cardStateOn("student", student, "2027-10-01")).toBe("expired");
  });

  it("suspended and replaced keep their state after the end; an inactive card without a state stays the spec's", () => {
    expect(cardStateOn("student", { ...student, valid: false, state: "suspended" }, "2030-01-01")).toBe("suspended");
    expect(cardStateOn("student", { ...student, valid: false, state: "replaced" }, "2026-11-01")).toBe("replaced");
    expect(cardStateOn("student", { ...student, valid: false }, "2026-11-01")).toBeNull();
    expect(cardStateOn("student", { ...student, state: "unheard-of" }, "2026-11-01")).toBe("active");
  });

  it("days left counts whole days", () => {
    expect(daysLeft("2027-09-30", "2027-09-01")).toBe(29);
    expect(daysLeft("2027-09-30", "2027-09-30")).toBe(0);
  });
});
