// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError, classify, fieldProblems, isApiError, type ApiErrorKind } from "./errors";

/** Operations the endpoint functions use (src/api/endpoints). */
const operations = [
  "login",
  "logout",
  "getProfile",
  "updatePassword",
  "listAgents",
  "createAgent",
  "deleteAgent",
  "getStats",
  "exportCards",
  "getReference",
  "submitDemand",
  "listDemands",
  "getDemand",
  "validateDemand",
  "listCards",
  "getCard",
  "getCardPdf",
  "notifyPrint",
  "checkCard",
] as const;
const notLogin = operations.filter((op) => op !== "login");

const loginDetail = { detail: "No active account found with the given credentials" };
const registerProblem = { register: ["student demand with this register already exists."] };

describe("classify: the mapping table (docs/spec.md §8)", () => {
  const table: readonly (readonly [string, number, unknown, ApiErrorKind])[] = [
    // Login
    ["login", 401, loginDetail, "notValid"],
    ["login", 401, { detail: "" }, "notValid"],
    ["login", 401, null, "http"],
    ["login", 401, {}, "http"],
    ["login", 401, "Unauthorized", "http"],
    ["login", 400, { username: ["This field may not be blank."] }, "http"],
    ["login", 502, null, "badGateway"],
    ["login", 500, null, "server"],
    ["login", 503, null, "server"],
    ["login", 404, null, "http"],
    // 401 anywhere else ends the session
    ["getProfile", 401, { detail: "Given token not valid for any token type" }, "unauthorized"],
    ["listDemands", 401, null, "unauthorized"],
    ["logout", 401, null, "unauthorized"],
    // 400 and "already exists"
    ["submitDemand", 400, registerProblem, "exist"],
    ["submitDemand", 400, { register: "exists" }, "exist"],
    ["submitDemand", 400, { email: ["Enter a valid email address."] }, "badRequest"],
    ["submitDemand", 400, null, "badRequest"],
    ["submitDemand", 400, "register", "badRequest"],
    ["createAgent", 400, { username: ["A user with that username already exists."] }, "exist"],
    ["createAgent", 400, null, "exist"],
    ["createAgent", 400, { password: ["This password is too common."] }, "badRequest"],
    [
      "createAgent",
      400,
      { username: ["Enter a valid username."], email: ["Enter a valid email address."] },
      "badRequest",
    ],
    ["validateDemand", 400, registerProblem, "badRequest"],
    ["updatePassword", 400, { password: ["This password is too common."] }, "badRequest"],
    // 404, 5xx
    ["getDemand", 404, { detail: "Not found." }, "notFound"],
    ["checkCard", 404, null, "notFound"],
    ["getCard", 500, null, "server"],
    ["getStats", 503, null, "server"],
    ["getCardPdf", 504, null, "server"],
    ["listCards", 502, null, "badGateway"],
    ["submitDemand", 502, null, "badGateway"],
    // Anything else
    ["deleteAgent", 403, { detail: "You do not have permission to perform this action." }, "forbidden"],
    ["listDemands", 405, null, "http"],
    ["createAgent", 409, null, "http"],
    ["login", 429, { detail: "Request was throttled. Expected available in 60 seconds." }, "throttled"],
    ["listDemands", 429, null, "throttled"],
    ["submitDemand", 413, null, "http"],
    ["getReference", 429, null, "throttled"],
    ["getStats", 418, null, "http"],
    ["getCard", 302, null, "http"],
  ];

  it.each(table.map(([operation, status, content, kind]) => ({ operation, status, content, kind })))(
    "$operation $status $content → $kind",
    ({ operation, status, content, kind }) => {
      expect(classify(operation, status, content)).toBe(kind);
    },
  );
});

describe("classify: properties", () => {
  const status = fc.integer({ min: 300, max: 599 });
  const content = fc.oneof(
    fc.constant(null),
    fc.string(),
    fc.object(),
    fc.constant(loginDetail),
    fc.constant(registerProblem),
  );

  it("only login answers notValid, and only for a 401", () => {
    fc.assert(
      fc.property(fc.constantFrom(...operations), status, content, (operation, s, c) => {
        const kind = classify(operation, s, c);
        return kind !== "notValid" || (operation === "login" && s === 401);
      }),
    );
  });

  it("login never ends a session (no unauthorized), whatever the status", () => {
    fc.assert(fc.property(status, content, (s, c) => classify("login", s, c) !== "unauthorized"));
  });

  it("every 401 outside login is unauthorized, whatever the body", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...notLogin),
        content,
        (operation, c) => classify(operation, 401, c) === "unauthorized",
      ),
    );
  });

  it("every 5xx other than 502 is server; 502 is badGateway", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...operations),
        fc.integer({ min: 500, max: 599 }),
        content,
        (operation, s, c) => classify(operation, s, c) === (s === 502 ? "badGateway" : "server"),
      ),
    );
  });

  it("exist only comes from a 400 on submitDemand or createAgent", () => {
    fc.assert(
      fc.property(fc.constantFrom(...operations), status, content, (operation, s, c) => {
        const kind = classify(operation, s, c);
        return kind !== "exist" || (s === 400 && (operation === "submitDemand" || operation === "createAgent"));
      }),
    );
  });

  it("fieldProblems reads a DRF 400's fields (first text of each), nothing else", () => {
    const error = new ApiError("badRequest", "createAgent", "/x", 400, {
      email: ["Bad.", "Worse."],
      detail: "No.",
      non_field_errors: ["x"],
      n: 3,
    });
    expect(fieldProblems(error)).toEqual({ email: "Bad." });
    expect(fieldProblems(new ApiError("server", "createAgent", "/x", 500, { email: ["Bad."] }))).toEqual({});
    expect(fieldProblems(new Error("x"))).toEqual({});
  });

  it("an unknown operation follows the generic rules", () => {
    expect(classify("somethingNew", 400, registerProblem)).toBe("badRequest");
    expect(classify("somethingNew", 401, loginDetail)).toBe("unauthorized");
  });
});

describe("ApiError", () => {
  it("carries operation, endpoint, status, content and kind", () => {
    const error = new ApiError("exist", "submitDemand", "/student/api/v1/demand/submit/", 400, registerProblem);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      _tag: "ApiError",
      name: "ApiError",
      kind: "exist",
      operation: "submitDemand",
      endpoint: "/student/api/v1/demand/submit/",
      status: 400,
      content: registerProblem,
    });
    expect(error.message).toBe("submitDemand /student/api/v1/demand/submit/: exist (400)");
  });

  it("has no status for network failures", () => {
    const error = new ApiError("network", "getStats", "/base/api/v1/stats/", null, "Failed to fetch");
    expect(error.status).toBeNull();
    expect(error.message).toBe("getStats /base/api/v1/stats/: network");
  });

  it("isApiError tells ApiError from other values", () => {
    expect(isApiError(new ApiError("http", "x", "/", 418, null))).toBe(true);
    expect(isApiError(new Error("boom"))).toBe(false);
    expect(isApiError({ _tag: "ApiError", kind: "http" })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe("photo problems (docs/spec.md §8)", () => {
  it("classifies a 400 on the photo field as photo, and a register problem on submit still as exist", () => {
    expect(classify("submitDemand", 400, { photo: ["Upload a valid image."] })).toBe("photo");
    expect(classify("validateDemand", 400, { photo: ["Upload a valid image."] })).toBe("photo");
    expect(classify("submitDemand", 400, { register: ["This demand already exist."], photo: ["x"] })).toBe("exist");
  });
});
