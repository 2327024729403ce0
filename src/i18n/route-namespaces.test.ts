import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./namespaces";
import { namespacesFor } from "./route-namespaces";

describe("the translations a page asks for before it renders", () => {
  it("a wizard asks for its layout's, its own and its kind's words, not the back office's", () => {
    const asked = namespacesFor("/registration/staff");
    expect(asked).toEqual(
      expect.arrayContaining(["common", "nav", "errors", "auth", "home", "registration", "validation", "staff"]),
    );
    for (const other of ["student", "teacher", "card", "demand", "agent", "dashboard", "profile", "check", "verify"])
      expect(asked).not.toContain(other);
  });

  it("a result page that names no kind asks for every kind's words", () => {
    expect(namespacesFor("/registration/done")).toEqual(expect.arrayContaining(["student", "staff", "teacher"]));
    expect(namespacesFor("/registration/student/done")).toContain("student");
  });

  it("the registration portal and the back office ask for all of them", () => {
    expect(namespacesFor("/registration")).toEqual(NAMESPACES);
    expect(namespacesFor("/registration/")).toEqual(NAMESPACES);
    expect(namespacesFor("/dashboard/staff/demand")).toEqual(NAMESPACES);
  });
});
