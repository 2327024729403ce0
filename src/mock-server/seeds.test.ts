import { describe, expect, it } from "vitest";
import { kinds, type AnyKind } from "../kinds";
import { toCsv, neutralise } from "./csv";
import { academicYear, displayWat } from "./dates";
import { seedData } from "./seeds";

const anchor = Date.parse("2026-11-22T12:00:00Z");

describe("seeds", () => {
  const data = seedData({ seed: 7, bulk: 0, anchor });

  it("is deterministic for a seed (card tokens apart, which come from crypto)", () => {
    const again = seedData({ seed: 7, bulk: 0, anchor });
    expect(again.demands).toEqual(data.demands);
    expect(again.cards.student.map(({ token: _t, ...c }) => c)).toEqual(
      data.cards.student.map(({ token: _t, ...c }) => c),
    );
    expect(again.cards.student[0]?.token).not.toBe(data.cards.student[0]?.token);
    expect(seedData({ seed: 8, bulk: 0, anchor }).demands.student[0]?.fields).not.toEqual(
      data.demands.student[0]?.fields,
    );
  });

  it.each(Object.values(kinds) as AnyKind[])(
    "gives $id 60 pending and 30 validated demands with plausible people",
    (kind) => {
      const demands = data.demands[kind.id];
      expect(demands.filter((d) => !d.validated)).toHaveLength(60);
      expect(demands.filter((d) => d.validated)).toHaveLength(30);
      expect(data.cards[kind.id]).toHaveLength(30);
      expect(new Set(demands.map((d) => d.fields.register)).size).toBe(90);
      for (const d of demands) {
        expect(String(d.fields.register)).toMatch(/^.{5,7}$/);
        expect(String(d.fields.phone)).toMatch(/^6\d{8}$/);
        expect(String(d.fields.email)).toMatch(/^[a-z0-9.-]+@[a-z.]+$/);
        expect(String(d.fields.firstname).length).toBeLessThanOrEqual(20);
        expect(String(d.fields.lastname).length).toBeLessThanOrEqual(20);
        expect(String(d.fields.contact_person_name).length).toBeLessThanOrEqual(15);
      }
      expect(demands.some((d) => /[À-ÿŊŋ]/.test(`${d.fields.firstname}${d.fields.lastname}`))).toBe(true);
      expect(data.cards[kind.id].some((c) => !c.valid)).toBe(true);
      expect(data.cards[kind.id].some((c) => c.print_count > 0)).toBe(true);
    },
  );

  // How fast is the bench's business (npm run bench, demo start with demoBulk); here only what it makes.
  it("seeds 10 000 extra demands per kind", () => {
    const big = seedData({ seed: 1, bulk: 10_000, anchor });
    expect(big.demands.student).toHaveLength(10_090);
    expect(new Set(big.demands.staff.map((d) => d.fields.register)).size).toBe(10_090);
  });
});

describe("csv and dates", () => {
  it("neutralises formula cells and quotes separators", () => {
    expect(["=1+1", "+33", "-2", "@A1", "ok"].map(neutralise)).toEqual(["'=1+1", "'+33", "'-2", "'@A1", "ok"]);
    const text = new TextDecoder().decode(toCsv(["a", "b"], [["x,y", 'say "hi"']]));
    expect(text).toBe('a,b\r\n"x,y","say ""hi"""\r\n');
  });

  it("writes Cameroon time and academic years", () => {
    expect(displayWat("2026-11-22T23:30:00Z")).toBe("23/11/2026 - 00:30");
    expect(academicYear("2026-11-22T10:00:00+01:00")).toBe("2026/2027");
    expect(academicYear("2027-03-01T10:00:00+01:00")).toBe("2026/2027");
  });
});
