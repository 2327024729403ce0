// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { getStats } from "./stats";
import { json, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

describe("stats calls", () => {
  it("getStats reads /base/api/v1/stats/", async () => {
    backend.token = "t";
    answer(() => json(fx.stats));
    await expect(getStats()).resolves.toEqual(fx.stats);
    expect(only().url.pathname).toBe("/base/api/v1/stats/");
  });
});
