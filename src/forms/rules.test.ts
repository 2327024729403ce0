import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceData } from "../../tests/fixtures/entities";
import * as rules from "./rules";
import { formatPhone, normalizePhone } from "./rules";

const today = new Date(2026, 4, 15); // 2026-05-15, local time
const chars = (n: number, c = "a") => c.repeat(n);

describe("register", () => {
  it.each([
    ["", "validation:registerRequired"],
    ["   ", "validation:registerRequired"],
    [chars(4), "validation:registerMin"],
    [chars(5), null],
    [chars(7), null],
    [chars(8), "validation:registerMax"],
    ["  21T2  ", "validation:registerMin"],
    [" 21T2345 ", null],
  ])("student register %j → %s", (value, expected) => {
    expect(rules.register(value)).toBe(expected);
  });

  it.each([
    [chars(4, "1"), "validation:registerMin"],
    ["PER1024", null],
    ["ENS/04.", null],
    ["AB-12", null],
    [chars(8, "1"), "validation:registerMax"],
    ["AB 123", "validation:registerChars"],
    ["ÉNS0451", "validation:registerChars"],
    ["AB#123", "validation:registerChars"],
  ])("staff/teacher register %j → %s", (value, expected) => {
    expect(rules.registerStrict(value)).toBe(expected);
  });

  it("accepts any 5–7 characters of letters, digits, '-', '/', '.'", () => {
    const allowed = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-/.".split(""));
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 5, maxLength: 7 }), (cs) => {
        expect(rules.registerStrict(cs.join(""))).toBeNull();
        expect(rules.register(cs.join(""))).toBeNull();
      }),
    );
  });

  it("refuses any register shorter than 5 or longer than 7 characters", () => {
    const allowed = fc.constantFrom(..."AZaz09-/.".split(""));
    fc.assert(
      fc.property(
        fc.oneof(fc.array(allowed, { minLength: 1, maxLength: 4 }), fc.array(allowed, { minLength: 8, maxLength: 30 })),
        (cs) => {
          expect(rules.registerStrict(cs.join(""))).not.toBeNull();
        },
      ),
    );
  });
});

describe("names", () => {
  it.each([
    [rules.firstname, "", "validation:firstNameRequired"],
    [rules.firstname, chars(20), null],
    [rules.firstname, chars(21), "validation:firstNameMax"],
    [rules.lastname, "", "validation:lastNameRequired"],
    [rules.lastname, chars(20), null],
    [rules.lastname, chars(21), "validation:lastNameMax"],
    [rules.contactName, "", "validation:contactNameRequired"],
    [rules.contactName, chars(15), null],
    [rules.contactName, chars(16), "validation:contactNameMax"],
  ])("%#: %j → %s", (rule, value, expected) => {
    expect(rule(value)).toBe(expected);
  });

  it("names the field its message is about (no first/last name swap)", () => {
    expect(rules.firstname(chars(21))).toMatch(/firstName/);
    expect(rules.lastname(chars(21))).toMatch(/lastName/);
  });

  it("counts accented letters once", () => {
    expect(rules.firstname("É".repeat(20))).toBeNull();
    expect(rules.lastname("Tchakounté-Ébolowa-Zé")).toBe("validation:lastNameMax");
  });
});

describe("free-text limits (docs/assumptions.md)", () => {
  it("birth place at most 100 characters, allergies at most 500, counted as characters", () => {
    expect(rules.birthPlace("é".repeat(100))).toBeNull();
    expect(rules.birthPlace("é".repeat(101))).toBe("validation:birthPlaceMax");
    expect(rules.allergies("a".repeat(500))).toBeNull();
    expect(rules.allergies("a".repeat(200_000))).toBe("validation:allergiesMax");
  });
});

describe("invisible and reordering characters", () => {
  it("refuse names and codes made of or holding control, zero-width or bidi-override characters", () => {
    for (const text of ["\u200B\u200B\u200B", "Jean\u202Eenne", "Ab\u0007c", "\u2066Paul\u2069", "Ma\u200Dry"]) {
      expect(rules.firstname(text), JSON.stringify(text)).toBe("validation:invisibleChars");
      expect(rules.lastname(text)).toBe("validation:invisibleChars");
      expect(rules.contactName(text)).toBe("validation:invisibleChars");
    }
    expect(rules.register("AB\u200B123")).toBe("validation:invisibleChars");
    expect(rules.nid("12\u202E345")).toBe("validation:invisibleChars");
  });

  it("refuse lone surrogates, non-characters and replacement characters in every text field", () => {
    for (const text of ["Ngo\uD800no", "Ngo\uDC00no", "Ab\uFFFEc", "Ab\uFDD0c", "Ab\u{1FFFF}c", "Ab\uFFFDc"]) {
      const name = JSON.stringify(text);
      for (const rule of [rules.firstname, rules.lastname, rules.contactName, rules.birthPlace, rules.allergies]) {
        expect(rule(text), name).toBe("validation:invisibleChars");
      }
      expect(rules.nid(text.slice(0, 6)), name).toBe("validation:invisibleChars");
      expect(rules.register(`${text.slice(0, 5)}1`), name).toBe("validation:invisibleChars");
      expect(rules.email(`${text}@univ.cm`), name).toBe("validation:invisibleChars");
    }
    // A character outside the Basic Multilingual Plane (a pair of surrogates) is an ordinary one.
    expect(rules.firstname("Ngo\u{1F600}")).toBeNull();
    expect(rules.email("ngo.bilong@univ.cm")).toBeNull();
  });

  it("accept letters of any script, accents and apostrophes; line breaks in a long text", () => {
    expect(rules.allergies("Pénicilline\nArachides")).toBeNull();
    for (const text of ["Éloïse", "N'Guessan", "Ngo Bilong", "Zoë-Ann", "Ọlá"])
      expect(rules.firstname(text)).toBeNull();
  });
});

describe("national ID", () => {
  it.each([
    ["", "validation:nidRequired"],
    ["1", null],
    ["1234567890", null],
    ["12345678901", "validation:nidLength"],
  ])("%j → %s", (value, expected) => expect(rules.nid(value)).toBe(expected));
});

describe("phone", () => {
  it.each([
    ["672123456", "672123456"],
    ["+237 672 12 34 56", "672123456"],
    ["00237672123456", "672123456"],
    ["+237-672.12.34.56", "672123456"],
    ["222123456", "222123456"],
    ["572123456", null],
    ["67212345", null],
    ["6721234567", null],
    ["237672123456", null],
    ["+33 672123456", null],
    ["67212345a", null],
    ["", null],
  ])("normalizePhone(%j) → %j", (raw, expected) => expect(normalizePhone(raw)).toBe(expected));

  it.each([
    ["671234567", "6 71 23 45 67"],
    ["+237 671-23.45.67", "6 71 23 45 67"],
    ["222123456", "2 22 12 34 56"],
    ["6 71 23 45 67", "6 71 23 45 67"],
    ["67123", "67123"],
    ["", ""],
  ])("formatPhone(%j) → %j, and normalizes back to the 9 digits", (raw, shown) => {
    expect(formatPhone(raw)).toBe(shown);
    expect(normalizePhone(formatPhone(raw))).toBe(normalizePhone(raw));
  });

  it.each([
    ["672123456", null],
    ["+237 672 12 34 56", null],
    ["00237672123456", null],
    ["222123456", null],
    ["572123456", "validation:phoneInvalid"],
    ["67212345", "validation:phoneInvalid"],
    ["6721234567", "validation:phoneInvalid"],
    ["", "validation:phoneRequired"],
  ])("phone %j → %s", (value, expected) => expect(rules.phone(value)).toBe(expected));

  it("uses the contact messages for the emergency phone", () => {
    expect(rules.contactPhone("")).toBe("validation:contactPhoneRequired");
    expect(rules.contactPhone("12345")).toBe("validation:contactPhoneInvalid");
    expect(rules.contactPhone("699876543")).toBeNull();
  });

  const nine = fc.tuple(fc.constantFrom("2", "6"), fc.stringMatching(/^\d{8}$/)).map(([first, rest]) => first + rest);
  const separated = (digits: string, seps: string[]) =>
    digits
      .split("")
      .map((d, i) => d + (seps[i] ?? ""))
      .join("");

  it("accepts any 9 digits starting with 6 or 2, with or without prefix and separators, normalising to them", () => {
    fc.assert(
      fc.property(
        nine,
        fc.constantFrom("", "+237", "00237", "+237 ", "00237-"),
        fc.array(fc.constantFrom("", " ", ".", "-"), { minLength: 9, maxLength: 9 }),
        (digits, prefix, seps) => {
          const raw = prefix + separated(digits, seps);
          expect(normalizePhone(raw)).toBe(digits);
          expect(rules.phone(raw)).toBeNull();
        },
      ),
    );
  });

  it("refuses numbers not starting with 6 or 2, or not exactly 9 digits", () => {
    const badFirst = fc
      .tuple(fc.constantFrom("0", "1", "3", "4", "5", "7", "8", "9"), fc.stringMatching(/^\d{8}$/))
      .map(([a, b]) => a + b);
    const badLength = fc.oneof(fc.stringMatching(/^[26]\d{0,7}$/), fc.stringMatching(/^[26]\d{9,14}$/));
    fc.assert(
      fc.property(fc.oneof(badFirst, badLength), fc.constantFrom("", "+237", "00237"), (digits, prefix) => {
        expect(normalizePhone(prefix + digits)).toBeNull();
      }),
    );
  });
});

describe("email", () => {
  it.each([
    ["epiphanie.ngono@facsciences-uy1.cm", null],
    ["a@b.cm", null],
    ["", "validation:emailRequired"],
    ["no-at.cm", "validation:emailInvalid"],
    ["a@b", "validation:emailInvalid"],
    ["a b@c.cm", "validation:emailInvalid"],
    ["a@b..cm", "validation:emailInvalid"],
    ["a@@b.cm", "validation:emailInvalid"],
  ])("%j → %s", (value, expected) => expect(rules.email(value)).toBe(expected));
});

describe("birth date", () => {
  it.each([
    ["", "validation:birthDateRequired"],
    ["2003-05-17", null],
    ["2004-02-29", null],
    // A date that does not exist says so, apart from one not written as a date at all.
    ["2003-02-31", "validation:birthDateImpossible"],
    ["2023-02-29", "validation:birthDateImpossible"],
    ["2023-13-01", "validation:birthDateImpossible"],
    ["2023-00-10", "validation:birthDateImpossible"],
    ["17/05/2003", "validation:birthDateInvalid"],
    ["2003-5-17", "validation:birthDateInvalid"],
    ["2003-05-", "validation:birthDateInvalid"],
    // The holder is 14 to 100 years old (today is 2026-05-15).
    ["2012-05-15", null],
    ["2012-05-16", "validation:birthDateTooYoung"],
    ["2026-05-15", "validation:birthDateTooYoung"],
    ["1925-05-16", null],
    ["1925-05-15", "validation:birthDateTooOld"],
    ["1899-12-31", "validation:birthDateTooOld"],
    ["2026-05-16", "validation:birthDateFuture"],
    ["2030-01-01", "validation:birthDateFuture"],
  ])("%j → %s", (value, expected) => expect(rules.birthDate(value, { today })).toBe(expected));

  it("born on 29 February: 14 on 1 March of a common year", () => {
    expect(rules.birthDate("2008-02-29", { today: new Date(2022, 1, 28) })).toBe("validation:birthDateTooYoung");
    expect(rules.birthDate("2008-02-29", { today: new Date(2022, 2, 1) })).toBeNull();
  });

  it("accepts every real date of a holder aged 14 to 100", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1925, 4, 16), max: new Date(2012, 4, 15), noInvalidDate: true }), (date) => {
        expect(rules.birthDate(rules.isoDate(date), { today })).toBeNull();
      }),
    );
  });
});

describe("choices and the rest", () => {
  it("requires a positive id", () => {
    const rule = rules.requiredChoice("validation:facultyRequired");
    expect(rule(null)).toBe("validation:facultyRequired");
    expect(rule("")).toBe("validation:facultyRequired");
    expect(rule(0)).toBe("validation:facultyRequired");
    expect(rule(1)).toBeNull();
    expect(rule("2")).toBeNull();
  });

  it("requires an enumeration value from its table", () => {
    const rule = rules.requiredEnum({ 1: "F", 2: "M" }, "validation:genderRequired");
    expect(rule(1)).toBeNull();
    expect(rule(3)).toBe("validation:genderRequired");
    expect(rule(null)).toBe("validation:genderRequired");
  });

  it("requires the level only when levels exist for the school and cycle", () => {
    expect(rules.level(3)).toBeNull();
    expect(rules.level(null)).toBe("validation:levelRequired");
    expect(rules.level(null, { values: { scholl: 1, cycle: 1 }, referenceData })).toBe("validation:levelRequired");
    // No mapniveau row for the Master cycle: nothing to choose, nothing required.
    expect(rules.level(null, { values: { scholl: 1, cycle: 2 }, referenceData })).toBeNull();
  });

  it("requires allergies, birth place and the acceptances", () => {
    expect(rules.allergies("")).toBe("validation:allergiesRequired");
    expect(rules.allergies("Aucune")).toBeNull();
    expect(rules.birthPlace(" ")).toBe("validation:birthPlaceRequired");
    expect(rules.accepted(false)).toBe("validation:termsRequired");
    expect(rules.accepted(undefined)).toBe("validation:termsRequired");
    expect(rules.accepted(true)).toBeNull();
  });

  it("checks the photo is an image data URL when given", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(rules.photoOptional(null)).toBeNull();
    expect(rules.photoOptional(png)).toBeNull();
    expect(rules.photoOptional("data:text/plain;base64,aGk=")).toBe("validation:photoInvalid");
    expect(rules.photoRequired(null)).toBe("validation:photoRequired");
    expect(rules.photoRequired(png)).toBeNull();
  });
});
