import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Reported } from "../api";
import { agentNamesErrors } from "./agent-admin";
import { agentFieldErrors } from "./agents";
import { noteErrorOf, replaceErrorsOf } from "./card-lifecycle-states";
import { rejectionProblems } from "./demand-reject";
import { mistakeReportMachine } from "./mistake-report";

/** The note an applicant sends about a mistake, as the dialog's machine judges it. */
const mistakeNoteError = (message: string) => {
  const report = vi.fn(async (): Promise<Reported> => ({ code: "DMSTUD000090" }));
  const actor = createActor(mistakeReportMachine.provide({ actors: { report: fromPromise(report) } }), {
    input: { kind: "student", code: "DMSTUD000090", register: "22W1234" },
  }).start();
  actor.send({ type: "OPEN" });
  actor.send({ type: "CHANGE", message });
  actor.send({ type: "SUBMIT" });
  expect(report).not.toHaveBeenCalled();
  return actor.getSnapshot().context.messageError;
};

/** The forms hold every free-text field to one rule (src/forms/text-chars.ts): no untypable character, a limit. */
const untypable = [
  ["a lone surrogate", "Ngo\uD800no"],
  ["NUL", "a\u0000b"],
  ["U+202E", "\u202Eabc"],
] as const;

describe.each(untypable)("a free-text field holding %s", (_label, text) => {
  it("is refused by each form before anything is sent", () => {
    expect(rejectionProblems({ reason: "other", comment: text }).comment).toBe("validation:invisibleChars");
    expect(noteErrorOf(text)).toBe("validation:invisibleChars");
    expect(mistakeNoteError(text)).toBe("validation:invisibleChars");
    expect(replaceErrorsOf("2000", text)?.reference).toBe("validation:invisibleChars");
    const agent = { username: "new.agent", password: "Agent@2027", first_name: text, last_name: text, email: "" };
    expect(agentFieldErrors(agent)).toMatchObject({
      first_name: "validation:invisibleChars",
      last_name: "validation:invisibleChars",
    });
    expect(agentNamesErrors({ first_name: text, last_name: "Ok", email: "" }).first_name).toBe(
      "validation:invisibleChars",
    );
  });
});

describe("an overlong free-text value", () => {
  it("is refused by each form, at each field's own limit", () => {
    expect(rejectionProblems({ reason: "other", comment: "x".repeat(501) }).comment).toBe(
      "demand:reject.commentTooLong",
    );
    expect(noteErrorOf("x".repeat(500))).toBeNull();
    expect(mistakeNoteError("x".repeat(501))).toBe("registration:report.tooLong");
    expect(noteErrorOf("x".repeat(501))).toBe("validation:noteMax");
    expect(replaceErrorsOf("2000", "R".repeat(100))).toBeNull();
    expect(replaceErrorsOf("2000", "R".repeat(101))?.reference).toBe("validation:paymentReferenceMax");
    const long = "N".repeat(151);
    const agent = { username: "new.agent", password: "Agent@2027", first_name: long, last_name: long, email: "" };
    expect(agentFieldErrors(agent)).toMatchObject({
      first_name: "validation:nameMax",
      last_name: "validation:nameMax",
    });
    expect(agentNamesErrors({ first_name: "Ok", last_name: long, email: "" }).last_name).toBe("validation:nameMax");
  });
});
