// @vitest-environment jsdom
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getReferenceList, getStats, referenceLists, referenceNames, type ReferenceData } from "../api";
import { kinds, type AnyKind } from "../kinds";
import { cardJson, checkJson, demandJson } from "./serialize";
import { useDemoServer } from "./test-support";

const demo = useDemoServer();
beforeAll(() => void demo.start());
afterAll(() => demo.stop());

describe("reference lists (public, no_pagination)", () => {
  it("maps each department to its faculty, and names the card of each function: staff see no teaching one", async () => {
    demo.setToken(null);
    const [departments, faculties, functions] = await Promise.all([
      getReferenceList("department"),
      getReferenceList("faculty"),
      getReferenceList("fonction"),
    ]);
    for (const row of departments) expect(faculties.map((f) => f.id)).toContain(row.faculty);
    const staffLabels = functions.filter((row) => row.kind !== "teacher").map((row) => row.label_en);
    expect(staffLabels).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Lecturer|Head of department|Dean|Vice-dean/)]),
    );
    for (const label of ["Lecturer-researcher", "Head of department", "Vice-dean", "Dean"])
      expect(functions.find((row) => row.label_en === label)?.kind).toBe("teacher");
    expect(functions.filter((row) => row.kind === "staff").length).toBeGreaterThan(0);
  });

  it("serves the 13 lists as consistent plain arrays, labelled in French and English", async () => {
    demo.setToken(null);
    const lists = Object.fromEntries(
      await Promise.all(referenceNames.map(async (n) => [n, await getReferenceList(n)])),
    ) as ReferenceData;
    expect(lists.school).toHaveLength(1);
    expect(lists.school[0]?.id).toBe(1);
    expect(lists.cycle.map((c) => c.code)).toEqual(["LICENCE", "MASTER", "DOCTORAT"]);
    expect(lists.grade.map((g) => g.label_fr)).toEqual([
      "Assistant",
      "Chargé de cours",
      "Maître de conférences",
      "Professeur",
    ]);
    expect(lists.faculty.length).toBeGreaterThanOrEqual(5);
    for (const item of [...lists.faculty, ...lists.filiere, ...lists.niveau, ...lists.department, ...lists.service]) {
      expect(item.label_fr && item.label_en).toBeTruthy();
    }
    const ids = (name: keyof ReferenceData) => new Set((lists[name] as ReadonlyArray<{ id: number }>).map((i) => i.id));
    for (const m of lists.mapfiliere) {
      expect(ids("faculty").has(m.faculty) && ids("cycle").has(m.cycle) && ids("filiere").has(m.filiere)).toBe(true);
      expect(lists.mapcycle.some((c) => c.faculty === m.faculty && c.cycle === m.cycle)).toBe(true);
    }
    for (const m of lists.mapniveau) expect(ids("cycle").has(m.cycle) && ids("niveau").has(m.niveau)).toBe(true);
    const byNumber = (a: number, b: number) => a - b;
    expect(lists.mapfaculty.map((m) => m.faculty).sort(byNumber)).toEqual([...ids("faculty")].sort(byNumber));
  });

  it("pages a list when no_pagination is absent", async () => {
    const answer = await fetch(`${location.origin}/institution/api/v1/filiere/`).then(
      (r) => r.json() as Promise<{ count: number; next: string }>,
    );
    expect(answer.count).toBe((await getReferenceList("filiere")).length);
    expect(answer.next).toContain("page=2");
  });

  it("decodes every list with its schema", async () => {
    for (const name of referenceNames) {
      const raw: unknown = await fetch(`${location.origin}/institution/api/v1/${name}/?no_pagination=true`).then((r) =>
        r.json(),
      );
      expect(() => Schema.decodeUnknownSync(referenceLists[name] as never)(raw)).not.toThrow();
    }
  });
});

describe("every stored entity decodes with its schema", () => {
  it.each(Object.values(kinds) as AnyKind[])("$id demands, cards and check results", (kind) => {
    const db = demo.server.db;
    for (const d of db.demands(kind.id))
      Schema.decodeUnknownSync(kind.schemas.demand as never)(demandJson(db, kind, d));
    for (const c of db.cards(kind.id)) {
      Schema.decodeUnknownSync(kind.schemas.card as never)(cardJson(db, kind, c));
      Schema.decodeUnknownSync(kind.schemas.check as never)(checkJson(db, kind, c));
    }
  });
});

describe("stats", () => {
  it("counts pending demands per kind and overall, valid cards and agents", async () => {
    await demo.signIn();
    const stats = await getStats();
    const db = demo.server.db;
    const pending = (k: AnyKind) => db.demands(k.id).filter((d) => !d.validated).length;
    expect(stats).toEqual({
      student_demands: pending(kinds.student),
      staff_demands: pending(kinds.staff),
      teacher_demands: pending(kinds.teacher),
      total_demands: pending(kinds.student) + pending(kinds.staff) + pending(kinds.teacher),
      active_cards: (Object.values(kinds) as AnyKind[]).reduce(
        (n, k) => n + db.cards(k.id).filter((c) => c.valid).length,
        0,
      ),
      agents: db.users.filter((u) => u.group === "Agent").length,
      // The demo backend implements the lifecycle extension: its two counts are tested in lifecycle.test.ts.
      suspended_cards: expect.any(Number),
      expiring_cards: expect.any(Number),
    });
    expect(stats.student_demands).toBe(60);
    expect(stats.active_cards).toBeLessThan(90);
  });
});
