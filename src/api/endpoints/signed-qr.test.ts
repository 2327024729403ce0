// @vitest-environment node
import { describe, expect, it } from "vitest";
import { staff, teacher } from "../../kinds";
import { getSignedQrKeys, getSignedRevocationList } from "./signed-qr";
import { json, rejection, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

describe("signed-qr extension calls", () => {
  it("ask the kind's keys and list without the session's token (public, as the check is)", async () => {
    backend.token = "a-stale-token";
    answer(() => json({ keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y", kid: "k", extra: 1 }] }));
    expect((await getSignedQrKeys(teacher)).keys[0]?.kid).toBe("k");
    expect(only().url.pathname).toBe("/teacher/api/v1/signed-qr/keys/");
    expect(only().headers.get("authorization")).toBeNull();
  });

  it.each([404, 405])("answered %i: the server does not offer the extension", async (status) => {
    answer(() => json({ detail: "Not found." }, status));
    expect(await rejection(getSignedRevocationList(staff))).toMatchObject({
      kind: "extensionMissing",
      extension: "signed-qr",
    });
  });

  it("a list without its signed message is a decode error", async () => {
    answer(() => json({ issued_at: "2026-11-26T07:00:00Z" }));
    expect(await rejection(getSignedRevocationList(staff))).toMatchObject({ kind: "decode" });
  });
});
