// @vitest-environment node
/**
 * A bad row costs that row, not the page (src/api/rows.ts). Rows shaped as a Django REST backend sends them
 * (integer ids, nulls for blank texts, extra keys, unlisted keys of another shape, optional keys missing) are
 * generated from each kind's schemas and fixtures, mixed with rows the app cannot read: every good row is kept, in
 * order, and every bad one is left out and counted, through the real list calls.
 */
import fc from "fast-check";
import { Result, Schema, SchemaAST } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { kinds, type AnyKind } from "../kinds";
import { listCards, listDemands } from "./index";
import { decodeRows } from "./rows";
import { json, useStubBackend } from "./test-support";

const backend = useStubBackend();
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  backend.token = "t";
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

type Row = Record<string, unknown>;
const accepts = (schema: Schema.Top, row: Row) =>
  Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(row));
const readAs = (schema: Schema.Top, row: Row): unknown => {
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(row);
  return Result.isSuccess(result) && typeof result.success === "object" && result.success !== null
    ? (result.success as Row)
    : undefined;
};

/** What each key of a row schema accepts, learnt from the schema itself on a valid fixture. */
const shapesOf = (schema: Schema.Struct<Schema.Struct.Fields>, fixture: Row) => {
  const keys = Object.keys(schema.fields);
  const with_ = (key: string, value: unknown) => readAs(schema, { ...fixture, [key]: value }) as Row | undefined;
  return {
    /** Keys that take an integer and keep it as text (ids). */
    ids: keys.filter((key) => with_(key, 42)?.[key] === "42"),
    /** Keys that read null as an empty text. */
    nullAsEmpty: keys.filter((key) => with_(key, null)?.[key] === ""),
    /** Keys that may be missing. */
    optional: keys.filter((key) => SchemaAST.isOptional(schema.fields[key]!.ast)),
    /** Keys whose value of another shape is left out, never failing the row (keys spec §3 does not list). */
    lenient: keys.filter((key) => {
      const read = with_(key, { unexpected: [1] });
      return read !== undefined && !(key in read);
    }),
    /** Keys a row cannot go without. */
    required: keys.filter((key) => {
      const { [key]: _gone, ...rest } = fixture;
      return !accepts(schema, rest);
    }),
  };
};

/** A row the backend may send for `fixture`: each Django REST habit applied or not, at random. */
const goodRow = (schema: Schema.Struct<Schema.Struct.Fields>, fixture: Row, index: number) => {
  const shapes = shapesOf(schema, fixture);
  return fc
    .record({
      intIds: fc.boolean(),
      nulls: fc.subarray(shapes.nullAsEmpty),
      missing: fc.subarray(shapes.optional.filter((key) => key in fixture)),
      odd: fc.subarray(shapes.lenient),
      extra: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !(key in schema.fields)),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
    })
    .map(({ intIds, nulls, missing, odd, extra }) => {
      const row: Row = { ...extra, ...fixture, id: intIds ? 1000 + index : `row-${index}` };
      for (const key of shapes.ids) if (intIds && key !== "id" && typeof row[key] === "string") row[key] = 7;
      for (const key of nulls) row[key] = null;
      for (const key of missing) delete row[key];
      for (const key of odd) row[key] = 12;
      return { row, id: String(row.id) };
    });
};

/** A row the app cannot read: a required key missing, null where no blank is allowed, or of another type. */
const badRow = (schema: Schema.Struct<Schema.Struct.Fields>, fixture: Row, index: number) => {
  const shapes = shapesOf(schema, fixture);
  const breakable = shapes.required.filter((key) => key !== "id");
  return fc
    .record({ key: fc.constantFrom(...breakable), how: fc.constantFrom("missing", "null", "object") })
    .map(({ key, how }) => {
      const row: Row = { ...fixture, id: `bad-${index}` };
      if (how === "missing") delete row[key];
      else row[key] = how === "null" && !shapes.nullAsEmpty.includes(key) ? null : { not: "it" };
      return { row, id: `bad-${index}` };
    });
};

/** A page of good and bad rows in any order, with which is which. */
const pageRows = (schema: Schema.Struct<Schema.Struct.Fields>, fixture: Row) =>
  fc
    .array(fc.boolean(), { maxLength: 12 })
    .chain((goods) =>
      fc.tuple(
        ...goods.map((good, i) =>
          (good ? goodRow(schema, fixture, i) : badRow(schema, fixture, i)).map((r) => ({ ...r, good })),
        ),
      ),
    );

const structOf = (schema: unknown): Schema.Struct<Schema.Struct.Fields> => {
  if (Schema.isSchema(schema) && "fields" in schema) return schema as Schema.Struct<Schema.Struct.Fields>;
  throw new Error("a row schema is a struct");
};

const samples: readonly [AnyKind, "demand" | "card", Row][] = [
  [kinds.student, "demand", fx.studentDemand],
  [kinds.staff, "demand", fx.staffDemand],
  [kinds.teacher, "demand", fx.teacherDemand],
  [kinds.student, "card", fx.studentCard],
  [kinds.staff, "card", fx.staffCard],
  [kinds.teacher, "card", fx.teacherCard],
];

describe.each(samples.map(([kind, entity, fixture]) => [kind.id, entity, kind, fixture] as const))(
  "%s %s rows as a Django REST backend sends them",
  (_id, entity, kind, fixture) => {
    const schema = structOf(kind.schemas[entity]);

    it("learns from the schema which keys take an integer id, a null, or may go", () => {
      const shapes = shapesOf(schema, fixture);
      expect(shapes.ids).toContain("id");
      expect(shapes.nullAsEmpty).toEqual(
        expect.arrayContaining(["email", "phone", "contact_person_phone"].filter((key) => key in schema.fields)),
      );
      expect(shapes.lenient.length).toBeGreaterThan(0);
      expect(shapes.required).toEqual(expect.arrayContaining(["id", "code", "register"]));
      if (entity === "demand") expect(shapes.lenient).toContain("validator");
    });

    it("each habit alone is read (the generator's good rows are good)", () => {
      fc.assert(fc.property(goodRow(schema, fixture, 1), ({ row }) => accepts(schema, row)));
    });

    it("a page keeps its good rows in order and counts the others, through the list call", async () => {
      await fc.assert(
        fc.asyncProperty(pageRows(schema, fixture), async (rows) => {
          backend.answer(() => json(fx.pageOf(rows.map((r) => r.row))));
          const page = entity === "demand" ? await listDemands(kind) : await listCards(kind);
          const good = rows.filter((r) => r.good);
          expect(page.results.map((row) => row.id)).toEqual(good.map((r) => r.id));
          expect(page.skipped ?? 0).toBe(rows.length - good.length);
        }),
        { numRuns: 60 },
      );
    });
  },
);

describe("what a list tells the console", () => {
  it("once per answer: the ids of the rows left out, and each key dropped once", async () => {
    const bad = { ...fx.studentDemand, id: 91, gender: 5 };
    const odd = (id: number) => ({ ...fx.studentDemand, id, validator: 3 });
    backend.answer(() => json(fx.pageOf([odd(1), bad, odd(2), { ...bad, id: 92 }])));
    const page = await listDemands(kinds.student);
    expect(page.results.map((d) => d.id)).toEqual(["1", "2"]);
    expect(page.skipped).toBe(2);
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => line.includes('"validator"'))).toHaveLength(1);
    expect(lines.find((line) => line.includes("2 row(s) left out"))).toContain("91, 92");
  });

  it("decodeRows says why a row was left out", () => {
    const read = decodeRows(kinds.staff.schemas.demand, [{ ...fx.staffDemand, register: null }, "x"]);
    expect(read.kept).toEqual([]);
    expect(read.left).toEqual([
      { id: fx.staffDemand.id, reason: expect.stringContaining("register") },
      { id: null, reason: expect.any(String) },
    ]);
  });
});
