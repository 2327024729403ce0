// @vitest-environment node
import { beforeEach, describe, expect, it } from "vitest";
import { Schema } from "effect";
import * as fx from "../../../tests/fixtures/entities";
import { staff, student, teacher } from "../../kinds";
import { StudentCard, StudentCheck } from "../schemas";
import {
  agentActivity,
  cardEvents,
  reactivateCard,
  renewCard,
  renewCards,
  replaceCard,
  suspendCard,
} from "./lifecycle";
import { json, rejection, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;
const id = fx.studentCard.id;

describe("lifecycle extension calls", () => {
  beforeEach(() => {
    backend.token = "t";
  });

  it("suspend sends the reason, the note and who reported it, under the kind's card path", async () => {
    answer(() => json({ ...fx.studentCard, valid: false, state: "suspended", state_reason: "lost" }));
    const card = await suspendCard(student, id, {
      reason: "lost",
      note: "Perdue au restaurant",
      reported_by_holder: true,
    });
    const s = only();
    expect(s.method).toBe("POST");
    expect(s.url.pathname).toBe(`/student/api/v1/card/${id}/suspend/`);
    expect(s.body).toEqual({ reason: "lost", note: "Perdue au restaurant", reported_by_holder: true });
    expect(s.headers.get("authorization")).toBe("Bearer t");
    expect(card).toMatchObject({ state: "suspended", state_reason: "lost" });
  });

  it("reactivate, replace and renew go under each kind's prefix with exactly their bodies", async () => {
    answer(() => json(fx.staffCard));
    await reactivateCard(staff, "c1", { note: "Retrouvée" });
    answer(() => json({ ...fx.teacherCard, sequence: 2 }, 201));
    const replacement = await replaceCard(teacher, "c2", {
      fee_amount: 5000,
      payment_reference: "MP2611.1234",
      note: "",
    });
    answer(() => json({ id: "d9", code: "DMSTUD000091" }, 201));
    const renewal = await renewCard(student, "c3");
    expect(backend.sent.map((s) => [s.url.pathname, s.body])).toEqual([
      ["/staff/api/v1/card/personnel/c1/reactivate/", { note: "Retrouvée" }],
      ["/teacher/api/v1/card/teacher/c2/replace/", { fee_amount: 5000, payment_reference: "MP2611.1234", note: "" }],
      ["/student/api/v1/card/c3/renew/", {}],
    ]);
    expect(replacement.sequence).toBe(2);
    expect(renewal).toEqual({ id: "d9", code: "DMSTUD000091" });
  });

  it("bulk renewal sends the card ids and reads what was created and refused", async () => {
    answer(() => json({ created: [{ card: "a", demand: "d1" }], refused: [{ card: "b", detail: "Not expired." }] }));
    const report = await renewCards(student, ["a", "b"]);
    expect(only().url.pathname).toBe("/student/api/v1/card/renew/");
    expect(only().body).toEqual({ cards: ["a", "b"] });
    expect(report.refused).toEqual([{ card: "b", detail: "Not expired." }]);
  });

  it("the agents' activity asks for its range on the all-kinds path and reads a list or a paged envelope", async () => {
    const row = { day: "2026-11-12", agent: { username: "awa", first_name: "Awa" }, validated: 3 };
    answer(() => json([row]));
    await expect(agentActivity({ from: "2026-11-01", to: "2026-11-30" })).resolves.toEqual([row]);
    const s = only();
    expect(`${s.method} ${s.url.pathname}${s.url.search}`).toBe(
      "GET /base/api/v1/cards/activity/?from=2026-11-01&to=2026-11-30",
    );
    answer(() => json({ count: 1, next: null, previous: null, results: [row] }));
    await expect(agentActivity({ from: "2026-11-01", to: "2026-11-30" })).resolves.toEqual([row]);
  });

  it("the timeline reads a bare list or a paged envelope, oldest first", async () => {
    const later = { kind: "suspended", at: "2026-11-12T09:00:00+01:00", reason: "lost" };
    const earlier = { kind: "validated", at: "2026-10-01T09:00:00+01:00", by: { username: "a", first_name: "A" } };
    answer(() => json([later, earlier]));
    expect((await cardEvents(student, id)).map((e) => e.kind)).toEqual(["validated", "suspended"]);
    answer(() => json({ count: 2, next: null, previous: null, results: [later, earlier] }));
    expect((await cardEvents(student, id)).map((e) => e.kind)).toEqual(["validated", "suspended"]);
  });

  it("a DRF 400 on a transition the card's state forbids is a bad request carrying the server's words", async () => {
    answer(() => json({ state: ["A replaced card cannot be reactivated."] }, 400));
    const error = await rejection(reactivateCard(student, id, { note: "" }));
    expect(error).toMatchObject({
      kind: "badRequest",
      status: 400,
      content: { state: ["A replaced card cannot be reactivated."] },
    });
  });

  it.each([404, 405])("answered %i, the server does not offer the extension", async (status) => {
    answer(() => json({ detail: "Not found." }, status));
    expect(
      await rejection(suspendCard(student, id, { reason: "other", note: "", reported_by_holder: false })),
    ).toMatchObject({
      kind: "extensionMissing",
      extension: "lifecycle",
    });
    expect(await rejection(cardEvents(student, id))).toMatchObject({ kind: "extensionMissing" });
  });
});

describe("card answers stay tolerant", () => {
  it("a card or check answer without the lifecycle fields decodes as today", () => {
    expect(Schema.decodeUnknownSync(StudentCard)(fx.studentCard)).toEqual(fx.studentCard);
    expect(Schema.decodeUnknownSync(StudentCheck)(fx.studentCheck)).toEqual(fx.studentCheck);
  });

  it("lifecycle fields decode when present, nulls included, and an unknown state is kept as text", () => {
    const card = Schema.decodeUnknownSync(StudentCard)({
      ...fx.studentCard,
      state: "frozen",
      state_reason: null,
      valid_until: "2027-09-30",
      sequence: 2,
      replaced_by: null,
    });
    expect(card).toMatchObject({ state: "frozen", valid_until: "2027-09-30", sequence: 2 });
  });
});
