// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { correctDemand, getDemand, listDemands, rejectDemand, reportMistake, trackDemand } from "../api";
import { kinds, type AnyKind } from "../kinds";
import { pendingDemandOf, problemOf, useSignedInDemoServer } from "./test-support";

/** Extension `correction` (docs/extensions.md) as the demo backend answers it. */

const demo = useSignedInDemoServer();

describe.each(Object.values(kinds) as AnyKind[])("$id: an applicant corrects what the agent named", (kind) => {
  it("tracking names the fields; the correction changes them only, clears the request and marks them", async () => {
    const demand = await pendingDemandOf(kind, 2);
    const asked = await rejectDemand(kind, demand.id, {
      status: "correction",
      reason: "other",
      comment: "Le nom de la personne à contacter est trop long.",
      fields: ["contact_person_name"],
    });
    expect(asked.rejection.fields).toEqual(["contact_person_name"]);

    demo.setToken(null);
    const tracked = await trackDemand(kind, demand.code, demand.register);
    expect(tracked).toMatchObject({ state: "correction", fields: ["contact_person_name"] });

    // Only the named fields: anything else is refused, and so is a value the field's rules refuse.
    expect(await problemOf(correctDemand(kind, demand.code, demand.register, { lastname: "Autre" }))).toMatchObject({
      status: 400,
      content: { values: { lastname: ["This field was not asked for."] } },
    });
    expect(
      await problemOf(correctDemand(kind, demand.code, demand.register, { contact_person_name: "x".repeat(16) })),
    ).toMatchObject({ status: 400, content: { values: { contact_person_name: [expect.any(String)] } } });
    expect(await problemOf(correctDemand(kind, demand.code, "00X0000", { contact_person_name: "Awa" }))).toMatchObject({
      kind: "notFound",
      status: 404,
    });

    const answer = await correctDemand(kind, demand.code, demand.register, { contact_person_name: "Marie Mbarga" });
    expect(answer).toMatchObject({ code: demand.code, state: "received" });

    await demo.signIn();
    const read = await getDemand(kind, demand.id);
    expect(read.contact_person_name).toBe("Marie Mbarga");
    expect(read.lastname).toBe(demand.lastname);
    expect(read.rejection ?? null).toBeNull();
    expect(read.corrected).toMatchObject({ fields: ["contact_person_name"] });
    // Back in the queue of demands waiting for a decision.
    const queue = await listDemands(kind, { filter: "no_validated", rejection: "none", search: demand.code });
    expect(queue.results.map((d) => d.id)).toContain(demand.id);

    // Once corrected, nothing more to correct.
    demo.setToken(null);
    expect(
      await problemOf(correctDemand(kind, demand.code, demand.register, { contact_person_name: "Awa" })),
    ).toMatchObject({ status: 400, content: { detail: "This request is not waiting for a correction." } });
  });

  it("a refusal names no fields, and an unknown field is refused", async () => {
    const demand = await pendingDemandOf(kind, 3);
    expect(
      await problemOf(
        rejectDemand(kind, demand.id, { status: "rejected", reason: "photo", comment: "", fields: ["lastname"] }),
      ),
    ).toMatchObject({ status: 400, content: { fields: ["Only a correction names fields."] } });
    expect(
      await problemOf(
        rejectDemand(kind, demand.id, { status: "correction", reason: "photo", comment: "", fields: ["photo"] }),
      ),
    ).toMatchObject({ status: 400, content: { fields: ['"photo" is not a valid choice.'] } });
  });

  it("a note about a mistake reaches the demand, for the agent", async () => {
    const demand = await pendingDemandOf(kind, 4);
    demo.setToken(null);
    const sent = await reportMistake(kind, demand.code, demand.register, "  Mon prénom est Awa, pas Ava.  ");
    expect(sent.code).toBe(demand.code);
    expect(await problemOf(reportMistake(kind, demand.code, demand.register, " "))).toMatchObject({
      status: 400,
      content: { message: ["This field is required."] },
    });
    await demo.signIn();
    const read = await getDemand(kind, demand.id);
    expect(read.notes).toEqual([{ message: "Mon prénom est Awa, pas Ava.", at: sent.at }]);
  });
});
