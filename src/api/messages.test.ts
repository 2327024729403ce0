import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorKind } from "./errors";
import { messageKey, messageKeyOf } from "./messages";

const err = (operation: string, kind: ApiErrorKind, content: unknown = null) => new ApiError(kind, operation, "/x", 400, content);

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
    ["validateDemand", "photo", "errors:photo"],
  ] as const)("%s / %s → %s", (operation, kind, key) => {
    expect(messageKey(err(operation, kind))).toBe(key);
  });

  it("tells a timeout from other network failures", () => {
    expect(messageKey(err("getStats", "network", "timeout"))).toBe("errors:timeout");
  });

  it("gives unknown throws the generic text", () => {
    expect(messageKeyOf(new TypeError("boom"))).toBe("errors:generic");
    expect(messageKeyOf(err("getCard", "notFound"))).toBe("errors:cardsLoadError");
  });
});
