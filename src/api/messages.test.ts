import { describe, expect, it } from "vitest";
import enErrors from "../i18n/locales/en/errors.json";
import frErrors from "../i18n/locales/fr/errors.json";
import { ApiError, classify, type ApiErrorKind } from "./errors";
import { messageKey, messageKeyOf } from "./messages";

const err = (operation: string, kind: ApiErrorKind, content: unknown = null) =>
  new ApiError(kind, operation, "/x", 400, content);

describe("error messages (docs/spec.md §8)", () => {
  it.each([
    ["login", "notValid", "errors:notValid"],
    ["login", "badGateway", "errors:badGateway"],
    ["login", "server", "errors:server"],
    ["login", "http", "errors:generic"],
    ["submitDemand", "exist", "errors:registrationExist"],
    ["submitDemand", "badRequest", "errors:registrationFailed"],
    ["submitDemand", "server", "errors:server"],
    ["getDemand", "notFound", "errors:demandNotFound"],
    ["getDemand", "http", "errors:demandLoadError"],
    ["listDemands", "badRequest", "errors:demandLoadFailed"],
    ["validateDemand", "badRequest", "errors:validationError"],
    ["validateDemand", "http", "errors:validateFailed"],
    ["listCards", "notFound", "errors:cardsLoadError"],
    ["getCardPdf", "notFound", "errors:pdfLoadError"],
    ["notifyPrint", "http", "errors:notifyFailed"],
    ["createAgent", "exist", "errors:agentExists"],
    ["createAgent", "badRequest", "errors:generic"],
    ["updatePassword", "badRequest", "errors:passwordFailed"],
    ["getStats", "unauthorized", "errors:unauthorized"],
    ["getStats", "decode", "errors:decode"],
    ["getStats", "network", "errors:network"],
    ["submitDemand", "photo", "errors:photo"],
    ["trackDemand", "throttled", "errors:throttled"],
    ["submitDemand", "throttled", "errors:throttled"],
    ["validateDemand", "photo", "errors:photo"],
  ] as const)("%s / %s → %s", (operation, kind, key) => {
    expect(messageKey(err(operation, kind))).toBe(key);
  });

  it("says in the reader's language that a server could not save the change or has no room for an upload", () => {
    expect(messageKey(err("submitDemand", "server", { detail: "…", code: "not_saved" }))).toBe("errors:notSaved");
    expect(messageKey(err("rejectDemand", "server", { detail: "…", code: "disk_low" }))).toBe("errors:diskLow");
    expect(messageKey(err("submitDemand", "server", { detail: "…", code: "other" }))).toBe("errors:server");
  });

  it("tells a timeout from other network failures", () => {
    expect(messageKey(err("getStats", "network", "timeout"))).toBe("errors:timeout");
  });

  it("gives unknown throws the generic text", () => {
    expect(messageKeyOf(new TypeError("boom"))).toBe("errors:generic");
    expect(messageKeyOf(err("getCard", "notFound"))).toBe("errors:cardsLoadError");
  });
});

describe("a 403 answer", () => {
  const text = (messages: Record<string, unknown>, key: string) => messages[key.replace(/^errors:/, "")];
  it.each([
    "listDemands",
    "getDemand",
    "validateDemand",
    "listCards",
    "getCard",
    "getCardPdf",
    "notifyPrint",
    "listAgents",
    "createAgent",
    "deleteAgent",
    "getStats",
    "exportCards",
  ])("%s: says the agent lacks permission, in both languages", (operation) => {
    const content = { detail: "You do not have permission to perform this action." };
    const key = messageKey(new ApiError(classify(operation, 403, content), operation, "/x", 403, content));
    expect(text(enErrors, key)).toMatch(/permission/i);
    expect(text(frErrors, key)).toMatch(/autoris/i);
  });
});

describe("a declared extension the server does not offer (docs/extensions.md)", () => {
  const keyOf = (path: string, tree: Record<string, unknown>): unknown =>
    path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

  it.each([404, 405])("its call answered %i says so plainly, naming config.json, in both languages", (status) => {
    const kind = classify("listDemands", status, { detail: "Not found." }, "date-filter");
    expect(kind).toBe("extensionMissing");
    const key = messageKey(new ApiError(kind, "listDemands", "/x", status, null, "date-filter"));
    const path = key.replace(/^errors:/, "");
    expect(keyOf(path, enErrors)).toMatch(/does not offer .*capabilities.*config\.json/);
    expect(keyOf(path, frErrors)).toMatch(/ne propose pas .*capabilities.*config\.json/);
  });

  it("the spec's own calls keep their meaning of 404", () => {
    expect(classify("listDemands", 404, { detail: "Invalid page." })).toBe("notFound");
  });
});
