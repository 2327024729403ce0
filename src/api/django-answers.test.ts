// @vitest-environment node
/**
 * What a Django REST Framework backend written from docs/spec.md with DRF's defaults answers (integer keys, foreign
 * keys as ids, blank columns as null, every column of the model): each shape is read into the app's own types
 * (docs/assumptions.md, "Answers of a Django REST backend").
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student, teacher } from "../kinds";
import { checkCard, getCard, getDemand, listAgents, submitDemand } from "./index";
import { json, useStubBackend } from "./test-support";

const backend = useStubBackend();
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  backend.token = "t";
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe("integer ids are read as the app's string ids", () => {
  it("a demand, with the card a renewal renews", async () => {
    backend.answer(() => json({ ...fx.studentDemand, id: 59, renews: 12 }));
    const demand = await getDemand(student, "59");
    expect(demand.id).toBe("59");
    expect(demand.renews).toBe("12");
  });

  it("a card, and the public check of every kind", async () => {
    backend.answer(() => json({ ...fx.staffCard, id: 3, replaces: 2 }));
    expect(await getCard(staff, "3")).toMatchObject({ id: "3", replaces: "2" });
    backend.answer(() => json({ ...fx.teacherCheck, id: 41 }));
    expect((await checkCard(teacher, "tok")).id).toBe("41");
    backend.answer(() => json({ ...fx.studentCheck, id: 40 }));
    expect((await checkCard(student, "tok")).id).toBe("40");
  });

  it("an agent", async () => {
    backend.answer(() => json([{ ...fx.agent, id: 7 }]));
    expect(await listAgents()).toEqual([{ ...fx.agent, id: "7" }]);
  });

  it("a decimal number is no id", async () => {
    backend.answer(() => json({ ...fx.studentDemand, id: 5.5 }));
    await expect(getDemand(student, "x")).rejects.toMatchObject({ kind: "decode" });
  });
});

describe("blank optional texts sent as null read as empty", () => {
  it("a demand's allergies, e-mail and contact", async () => {
    backend.answer(() => json({ ...fx.staffDemand, allergies: null, email: null, contact_person_phone: null }));
    expect(await getDemand(staff, "x")).toMatchObject({ allergies: "", email: "", contact_person_phone: "" });
  });

  it("an agent's names and e-mail", async () => {
    backend.answer(() => json([{ ...fx.agent, first_name: null, last_name: null, email: null }]));
    expect(await listAgents()).toEqual([{ ...fx.agent, first_name: "", last_name: "", email: "" }]);
  });

  it("never the register, which is required", async () => {
    backend.answer(() => json({ ...fx.studentDemand, register: null }));
    await expect(getDemand(student, "x")).rejects.toMatchObject({ kind: "decode" });
  });
});

describe("keys the spec does not list for an entity are read leniently", () => {
  it("a demand's validator sent as a user id is left out, with one warning, and the demand is read", async () => {
    backend.answer(() => json({ ...fx.studentDemand, validated: true, validator: 4 }));
    const demand = await getDemand(student, "x");
    expect(demand.validated).toBe(true);
    expect(demand).not.toHaveProperty("validator");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"validator"');
  });

  it("a demand's validator of the expected shape is kept, without a warning", async () => {
    const validator = { username: "fotsing.aime", first_name: "Aimé" };
    backend.answer(() => json({ ...fx.studentDemand, validator }));
    expect((await getDemand(student, "x")).validator).toEqual(validator);
    expect(warn).not.toHaveBeenCalled();
  });

  it("a card's extension fields of another shape are left out, the card read", async () => {
    backend.answer(() => json({ ...fx.studentCard, state: 3, state_by: 9, lastname: null, faculty: "FS" }));
    const card = await getCard(student, "x");
    expect(card.code).toBe(fx.studentCard.code);
    for (const key of ["state", "state_by", "lastname", "faculty"]) expect(card).not.toHaveProperty(key);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("extra keys of every kind ride along unread", async () => {
    const extra = { created_by: 3, school_obj: { id: 1 }, history: [], deleted: null };
    backend.answer(() => json({ ...fx.teacherDemand, ...extra }));
    expect(await getDemand(teacher, "x")).toMatchObject({ id: fx.teacherDemand.id });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("a submit answered 2xx with a code is a success", () => {
  it.each<[string, unknown]>([
    ["an integer id", { id: 59, code: "DMSTUD000059" }],
    ["the whole demand, DRF's 201", { ...fx.studentDemand, id: 59, code: "DMSTUD000059", allergies: null }],
    ["no id", { code: "DMSTUD000059" }],
    ["an id of another shape", { id: { pk: 59 }, code: "DMSTUD000059" }],
  ])("with %s", async (_label, body) => {
    backend.answer(() => json(body, 201));
    expect((await submitDemand(student, {})).code).toBe("DMSTUD000059");
  });
});
