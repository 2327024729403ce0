import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard?x=1", "/dashboard?x=1"],
    ["/dashboard/student/demand?search=21A&page=2", "/dashboard/student/demand?search=21A&page=2"],
    ["/dashboard/profile#password", "/dashboard/profile#password"],
    ["/dashboard/./student/../agent", "/dashboard/agent"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    42,
    "",
    "dashboard",
    "https://evil.example/dashboard",
    "http:evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "http://evil.example",
    "https:evil.example",
    "http://127.0.0.1:4317@evil.example/",
    "javascript:alert(1)",
    " javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java%0Ascript:alert(1)",
    "/\t/evil.example",
    "/%09/evil.example",
    "data:text/html,<script>alert(1)</script>",
    "/auth?redirect=/dashboard",
    // Dot segments normalise into "//host": judged after normalising.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/././/evil.example/x?y#z",
  ])("sends %s to the dashboard", (input) => {
    expect(safeReturnPath(input)).toBe(DEFAULT_RETURN);
  });
});
