// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  characterClasses,
  newPasswordProblems,
  passwordFormErrors,
  passwordStrength,
  strengthKey,
  type PasswordForm,
} from "./password";

const good: PasswordForm = { current: "Old-pass1", password: "Yaounde2026", confirm: "Yaounde2026" };

describe("newPasswordProblems (docs/spec.md §5)", () => {
  it("accepts 8+ characters with a digit, a lowercase and an uppercase letter", () => {
    expect(newPasswordProblems("Abcdefg1")).toEqual([]);
    expect(newPasswordProblems("Yaounde2026")).toEqual([]);
  });

  it("requires a password", () => {
    expect(newPasswordProblems("")).toEqual(["validation:passwordRequired"]);
  });

  it("lists each missing rule, in order", () => {
    expect(newPasswordProblems("Abcdef1")).toEqual(["validation:passwordMin"]);
    expect(newPasswordProblems("Abcdefgh")).toEqual(["validation:passwordDigit"]);
    expect(newPasswordProblems("ABCDEFG1")).toEqual(["validation:passwordLowercase"]);
    expect(newPasswordProblems("abcdefg1")).toEqual(["validation:passwordUppercase"]);
    expect(newPasswordProblems("a")).toEqual([
      "validation:passwordMin",
      "validation:passwordDigit",
      "validation:passwordUppercase",
    ]);
  });

  it("counts characters, not UTF-16 units, and letters as the server does (ASCII)", () => {
    expect(newPasswordProblems("Ab1😀😀😀😀")).toEqual(["validation:passwordMin"]);
    expect(newPasswordProblems("éééééé1A")).toEqual(["validation:passwordLowercase"]);
  });

  it("never accepts a password shorter than 8 (property)", () => {
    fc.assert(fc.property(fc.string({ maxLength: 7 }), (pw) => newPasswordProblems(pw).length > 0));
  });
});

describe("passwordFormErrors", () => {
  it("is empty for a good form", () => {
    expect(passwordFormErrors(good)).toEqual({});
  });

  it("requires the current password and the confirmation", () => {
    expect(passwordFormErrors({ current: "", password: "", confirm: "" })).toEqual({
      current: "validation:currentPasswordRequired",
      password: "validation:passwordRequired",
      confirm: "validation:passwordConfirmRequired",
    });
  });

  it("requires the confirmation to equal the new password", () => {
    expect(passwordFormErrors({ ...good, confirm: "Yaounde2025" })).toEqual({ confirm: "validation:passwordMismatch" });
  });

  it("gives the first problem of the new password", () => {
    expect(passwordFormErrors({ ...good, password: "short", confirm: "short" })).toEqual({
      password: "validation:passwordMin",
    });
  });
});

describe("passwordStrength", () => {
  it("is weak under 8 characters or under 3 classes", () => {
    expect(passwordStrength("")).toBe("weak");
    expect(passwordStrength("Ab1!")).toBe("weak");
    expect(passwordStrength("abcdefghijklmnopqrst")).toBe("weak");
    expect(passwordStrength("abcdefgh12345678")).toBe("weak");
  });

  it("is medium at 8+ characters with 3 classes (any valid password)", () => {
    expect(passwordStrength("Abcdefg1")).toBe("medium");
    expect(passwordStrength("Yaounde2026")).toBe("medium");
    expect(passwordStrength("Abc!efg1")).toBe("medium");
  });

  it("is strong at 12+ with all 4 classes, or 16+ with 3", () => {
    expect(passwordStrength("Yaounde-2026")).toBe("strong");
    expect(passwordStrength("Yaoundecity20262")).toBe("strong");
    expect(passwordStrength("Yaoundecity2026")).toBe("medium");
  });

  it("every password that passes the rules is at least medium (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 30 }),
        (pw) => newPasswordProblems(pw).length > 0 || passwordStrength(pw) !== "weak",
      ),
    );
  });

  it("counts character classes and names the label key", () => {
    expect(characterClasses("aA1!")).toBe(4);
    expect(characterClasses("é")).toBe(1);
    expect(strengthKey("strong")).toBe("profile:strength.strong");
  });
});
