/**
 * Password rules of the profile's Update Password dialog (docs/spec.md §5, §9) and its strength indicator (docs/spec.md §2:
 * weak, medium, strong). Rules answer i18n keys of the "validation" namespace; no React, no i18n here.
 *
 * Letters are checked as ASCII a-z / A-Z, as the backend's validators do (an "é" is not a lowercase letter
 * for them): the client never accepts a password the server would refuse.
 */

export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordForm {
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Readonly<Partial<Record<PasswordField, string>>>;

export const emptyPasswordForm: PasswordForm = { current: "", password: "", confirm: "" };

/** Length in characters (code points, as the server counts them), not UTF-16 units. */
const lengthOf = (value: string): number => Array.from(value).length;

/**
 * Every problem of a new password, in the order a user fixes them: required, then at least 8 characters,
 * 1 digit, 1 lowercase, 1 uppercase. Empty when the password is acceptable.
 */
export const newPasswordProblems = (password: string): string[] => {
  if (password === "") return ["validation:passwordRequired"];
  const problems: string[] = [];
  if (lengthOf(password) < PASSWORD_MIN_LENGTH) problems.push("validation:passwordMin");
  if (!/[0-9]/.test(password)) problems.push("validation:passwordDigit");
  if (!/[a-z]/.test(password)) problems.push("validation:passwordLowercase");
  if (!/[A-Z]/.test(password)) problems.push("validation:passwordUppercase");
  return problems;
};

/** The first problem of each field of the dialog; an empty object when the form can be sent. */
export const passwordFormErrors = (form: PasswordForm): PasswordErrors => {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (form.current === "") errors.current = "validation:currentPasswordRequired";
  const problem = newPasswordProblems(form.password)[0];
  if (problem) errors.password = problem;
  if (form.confirm === "") errors.confirm = "validation:passwordConfirmRequired";
  else if (form.confirm !== form.password) errors.confirm = "validation:passwordMismatch";
  return errors;
};

export type PasswordStrength = "weak" | "medium" | "strong";
export const passwordStrengths: readonly PasswordStrength[] = ["weak", "medium", "strong"];

/** How many of the four classes a password uses: lowercase a-z, uppercase A-Z, digits, anything else. */
export const characterClasses = (password: string): number =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((pattern) => pattern.test(password)).length;

/**
 * Strength shown under the new password field. Scoring, on length L (characters) and classes C (above):
 *   - weak:   L < 8, or C < 3
 *   - strong: L ≥ 12 with C = 4, or L ≥ 16 with C ≥ 3
 *   - medium: anything else (L ≥ 8 and C ≥ 3)
 * So a password that meets the rules (8+, digit, lowercase, uppercase: 3 classes) is at least medium.
 */
export const passwordStrength = (password: string): PasswordStrength => {
  const length = lengthOf(password);
  const classes = characterClasses(password);
  if (length < PASSWORD_MIN_LENGTH || classes < 3) return "weak";
  if ((length >= 12 && classes === 4) || (length >= 16 && classes >= 3)) return "strong";
  return "medium";
};

/** The i18n key of a strength label (profile namespace). */
export const strengthKey = (strength: PasswordStrength): string => `profile:strength.${strength}`;
