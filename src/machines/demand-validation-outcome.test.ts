// @vitest-environment node
import { beforeEach, describe, expect, it } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { json, params, useStubBackend } from "../api/test-support";
import { staff, student } from "../kinds";
import { newCardOf } from "./demand-validation-outcome";

/** After a validation whose answer names no card: the new card, found by the demand's registration number. */
const backend = useStubBackend();
beforeEach(() => {
  backend.token = "t";
});

describe("newCardOf", () => {
  it("takes the card the answer named, asking nothing", async () => {
    expect(await newCardOf({ kind: student, cardId: "c-1", register: "21S0001" })).toBe("c-1");
    expect(backend.sent).toHaveLength(0);
  });

  it("searches the card list by the registration number and takes that number's card last updated", async () => {
    backend.answer(() =>
      json(
        fx.pageOf([
          { ...fx.staffCard, id: 3, register: "PER001", update_at: "2025-01-10T08:00:00" },
          { ...fx.staffCard, id: 9, register: "PER0012", update_at: "2026-11-29T07:00:00" },
          { ...fx.staffCard, id: 12, register: "PER001", update_at: "2026-11-29T06:59:00" },
        ]),
      ),
    );
    expect(await newCardOf({ kind: staff, cardId: null, register: " PER001 " })).toBe("12");
    const sent = backend.only();
    expect(sent.url.pathname).toBe("/staff/api/v1/card/personnel/");
    expect(params(sent)).toEqual({ search: "PER001" });
  });

  it("finds none: no card of that number, no number, or a list that cannot be read", async () => {
    backend.answer(() => json(fx.pageOf([{ ...fx.studentCard, register: "OTHER1" }])));
    expect(await newCardOf({ kind: student, cardId: null, register: "21S0001" })).toBeNull();
    expect(await newCardOf({ kind: student, cardId: null, register: null })).toBeNull();
    backend.answer(() => json({ detail: "Forbidden" }, 403));
    expect(await newCardOf({ kind: student, cardId: null, register: "21S0001" })).toBeNull();
  });
});
