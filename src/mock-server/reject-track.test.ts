// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  getDemand,
  listDemands,
  notifyPrint,
  rejectDemand,
  trackDemand,
  validateDemandSimple,
  type Validated,
} from "../api";
import { kinds, type AnyKind } from "../kinds";
import { pendingDemandOf, problemOf, useSignedInDemoServer } from "./test-support";

/** Extensions `reject` and `track` (docs/extensions.md) as the demo backend answers them. */

const demo = useSignedInDemoServer();

describe.each(Object.values(kinds) as AnyKind[])("$id: reject, then track", (kind) => {
  it("keeps the reason, shows it on the demand, records the e-mail, and tracking gives it with the state", async () => {
    const demand = await pendingDemandOf(kind, 0);
    const answer = await rejectDemand(kind, demand.id, {
      status: "rejected",
      reason: "photo",
      comment: "  Photo floue, refaites-la.  ",
    });
    expect(answer.rejection).toMatchObject({
      status: "rejected",
      reason: "photo",
      comment: "Photo floue, refaites-la.",
    });
    expect(answer.rejection).not.toHaveProperty("emailedTo");

    const read = await getDemand(kind, demand.id);
    expect(read.rejection).toMatchObject({ status: "rejected", reason: "photo" });
    expect(read.validated).toBe(false);
    const stored = demo.server.db.demand(kind.id, demand.id);
    expect(stored?.rejection?.emailedTo).toBe(demand.email);

    demo.setToken(null);
    const tracked = await trackDemand(kind, demand.code.toLowerCase(), ` ${demand.register} `);
    expect(tracked).toEqual({
      code: demand.code,
      state: "rejected",
      reason: "photo",
      comment: "Photo floue, refaites-la.",
      updated_at: answer.rejection.at,
    });
  });

  it("lists the demands waiting for a decision apart from those rejected or sent back for a correction", async () => {
    const [rejected, corrected] = [await pendingDemandOf(kind, 5), await pendingDemandOf(kind, 6)];
    await rejectDemand(kind, rejected.id, { status: "rejected", reason: "duplicate", comment: "" });
    await rejectDemand(kind, corrected.id, { status: "correction", reason: "photo", comment: "" });
    const listed = async (code: string, query: Parameters<typeof listDemands>[1]) =>
      (await listDemands(kind, { ...query, search: code })).results.some((d) => d.code === code);
    const where = async (code: string) => [
      await listed(code, { filter: "no_validated", rejection: "none" }),
      await listed(code, { filter: "rejected" }),
      await listed(code, { filter: "correction" }),
      // The spec's "not validated" still holds it.
      await listed(code, { filter: "no_validated" }),
    ];
    expect(await where(rejected.code)).toEqual([false, true, false, true]);
    expect(await where(corrected.code)).toEqual([false, false, true, true]);
  });

  it("tracking tells received, correction requested, validated then printed, and never anything about the person", async () => {
    const demand = await pendingDemandOf(kind, 1);
    const track = () => trackDemand(kind, demand.code, demand.register);
    expect((await track()).state).toBe("received");
    await rejectDemand(kind, demand.id, { status: "correction", reason: "register", comment: "" });
    expect(await track()).toMatchObject({ state: "correction", reason: "register" });
    const validated: Validated | null = await validateDemandSimple(kind, demand.id);
    // Validated after a correction: no longer rejected.
    expect((await getDemand(kind, demand.id)).rejection ?? null).toBeNull();
    const afterValidation = await track();
    expect(afterValidation.state).toBe("validated");
    expect(Object.keys(afterValidation).sort()).toEqual(["code", "state", "updated_at"]);
    await notifyPrint(kind, validated?.card ?? "");
    expect((await track()).state).toBe("printed");
  });

  it("a wrong code or a wrong registration number is the same 404; bad input is a 400, never a 500", async () => {
    const [first, second] = [await pendingDemandOf(kind, 2), await pendingDemandOf(kind, 3)];
    demo.setToken(null);
    const notFound = { kind: "notFound", status: 404, content: { detail: expect.any(String) } };
    const wrongRegister = await problemOf(trackDemand(kind, first.code, second.register));
    const wrongCode = await problemOf(trackDemand(kind, "DMXXXX999999", first.register));
    expect(wrongRegister).toEqual(notFound);
    expect(wrongCode).toEqual(wrongRegister);
    expect(await problemOf(trackDemand(kind, "", ""))).toMatchObject({
      kind: "badRequest",
      status: 400,
      content: { code: ["This field is required."], register: ["This field is required."] },
    });
    expect(await problemOf(trackDemand(kind, "X".repeat(41), first.register))).toMatchObject({
      status: 400,
      content: { code: [expect.stringMatching(/no more than 40/)] },
    });
  });

  it("refuses an unknown reason, 'other' without a comment, a comment too long and a validated demand", async () => {
    const demand = await pendingDemandOf(kind, 4);
    const reject = (body: Parameters<typeof rejectDemand>[2]) => problemOf(rejectDemand(kind, demand.id, body));
    // @ts-expect-error: a reason outside the list, as a careless client could send
    expect(await reject({ status: "rejected", reason: "mood", comment: "" })).toMatchObject({
      status: 400,
      content: { reason: ['"mood" is not a valid choice.'] },
    });
    expect(await reject({ status: "rejected", reason: "other", comment: " " })).toMatchObject({
      status: 400,
      content: { comment: ["This field is required."] },
    });
    expect(await reject({ status: "correction", reason: "photo", comment: "x".repeat(501) })).toMatchObject({
      status: 400,
      content: { comment: [expect.stringMatching(/no more than 500/)] },
    });
    await validateDemandSimple(kind, demand.id);
    expect(await reject({ status: "rejected", reason: "photo", comment: "" })).toMatchObject({
      status: 400,
      content: { detail: "This demand is already validated." },
    });
  });

  it("rejecting needs a signed-in agent; an unknown demand is a 404", async () => {
    expect(
      await problemOf(
        rejectDemand(kind, "00000000-0000-0000-0000-000000000000", {
          status: "rejected",
          reason: "photo",
          comment: "",
        }),
      ),
    ).toMatchObject({ status: 404 });
    const demand = await pendingDemandOf(kind, 5);
    demo.setToken(null);
    expect(
      await problemOf(rejectDemand(kind, demand.id, { status: "rejected", reason: "photo", comment: "" })),
    ).toMatchObject({ status: 401 });
  });
});
