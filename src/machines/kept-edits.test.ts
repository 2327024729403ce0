// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetKeptEdits, readKeptEdits, writeKeptEdits } from "./kept-edits";

const owner = { user: "agent1", kind: "staff", id: "42" };
const kept = { edits: { allergies: "Pollen", blood_group: 3 }, photo: null };

describe("kept validation edits", () => {
  beforeEach(() => sessionStorage.clear());

  it("come back to the same agent on the same demand only", () => {
    expect(writeKeptEdits(owner, kept)).toBe(true);
    expect(readKeptEdits(owner)).toEqual(kept);
    expect(readKeptEdits({ ...owner, user: "agent2" })).toBeNull();
    expect(readKeptEdits({ ...owner, id: "43" })).toBeNull();
  });

  it("are forgotten for their demand, not for another one, and when nothing is left to keep", () => {
    writeKeptEdits(owner, kept);
    forgetKeptEdits({ ...owner, id: "43" });
    expect(readKeptEdits(owner)).toEqual(kept);
    writeKeptEdits(owner, { edits: {}, photo: null });
    expect(readKeptEdits(owner)).toBeNull();
  });

  it("ignore a stored value of another shape", () => {
    sessionStorage.setItem(
      "campus-card.validation-edits",
      JSON.stringify({ ...owner, edits: { a: { nested: true } } }),
    );
    expect(readKeptEdits(owner)).toBeNull();
    sessionStorage.setItem("campus-card.validation-edits", "{not json");
    expect(readKeptEdits(owner)).toBeNull();
  });
});

describe("kept validation edits in a browser that refuses to store them", () => {
  it("answer false, so the screen can say the edits will not survive", () => {
    const spy = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    expect(writeKeptEdits(owner, kept)).toBe(false);
    spy.mockRestore();
  });
});
