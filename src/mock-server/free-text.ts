import { freeTextProblem } from "../forms/text-chars";
import { maxLength } from "./http";

/** A free-text field's problem as Django REST words it, or null (src/forms/text-chars.ts holds the rule). */
export const freeTextErrors = (value: string, max: number): string[] | null => {
  const problem = freeTextProblem(value, max);
  return problem === null ? null : [problem === "tooLong" ? maxLength(max) : "Enter a valid value."];
};
