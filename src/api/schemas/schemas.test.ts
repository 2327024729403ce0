// @vitest-environment node
import { Result, Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import {
  Paged,
  StaffCard,
  StaffDemand,
  StudentCard,
  StudentDemand,
  TeacherDemand,
  referenceLists,
  referenceNames,
} from "./index";
import { cases } from "./schemas-cases";

const decode = (schema: Schema.Top, value: unknown) =>
  Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(value);
const accepts = (schema: Schema.Top, value: unknown) => Result.isSuccess(decode(schema, value));
const decoded = (schema: Schema.Top, value: unknown): unknown => {
  const result = decode(schema, value);
  if (Result.isFailure(result)) throw new Error(`expected success, got ${String(result.failure)}`);
  return result.success;
};

const without = (value: object, key: string): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...value };
  delete copy[key];
  return copy;
};
const withField = (value: object, key: string, field: unknown): Record<string, unknown> => ({ ...value, [key]: field });

describe.each(cases)(
  "$name",
  ({ schema, sample, required, wrongType, optional = [], outOfRange = [], nullAsEmpty = [] }) => {
    it("decodes its valid sample unchanged", () => {
      expect(decoded(schema, sample)).toEqual(sample);
    });

    it("tolerates unknown extra keys", () => {
      expect(accepts(schema, { ...sample, unexpected_server_field: "ajouté par le serveur", _meta: { v: 2 } })).toBe(
        true,
      );
    });

    it.each(required)("rejects the sample without %s", (key) => {
      expect(accepts(schema, without(sample, key))).toBe(false);
    });

    it.each(required.filter((key) => !nullAsEmpty.includes(key)))("rejects null for %s", (key) => {
      expect(accepts(schema, withField(sample, key, null))).toBe(false);
    });

    if (nullAsEmpty.length > 0) {
      it.each(nullAsEmpty)("reads null for %s as an empty text (a blank column)", (key) => {
        expect(decoded(schema, withField(sample, key, null))).toEqual(withField(sample, key, ""));
      });
    }

    it.each(wrongType.map(([key, value]) => ({ key, value })))(
      "rejects $key = $value (wrong type)",
      ({ key, value }) => {
        expect(accepts(schema, withField(sample, key, value))).toBe(false);
      },
    );

    if (optional.length > 0) {
      it.each(optional)("accepts the sample without %s", (key) => {
        expect(decoded(schema, without(sample, key))).toEqual(without(sample, key));
      });
      it("accepts the sample without any optional field", () => {
        const bare = optional.reduce<Record<string, unknown>>((acc, key) => without(acc, key), { ...sample });
        expect(accepts(schema, bare)).toBe(true);
      });
    }

    if (outOfRange.length > 0) {
      it.each(outOfRange.map(([key, value]) => ({ key, value })))(
        "rejects $key = $value (out of range)",
        ({ key, value }) => {
          expect(accepts(schema, withField(sample, key, value))).toBe(false);
        },
      );
    }

    it("rejects non-objects", () => {
      for (const value of [null, undefined, "x", 1, []]) expect(accepts(schema, value)).toBe(false);
    });
  },
);

describe("nullable optional fields", () => {
  it("accepts null niveau and photo_str on a student demand (server sends null when unset)", () => {
    expect(accepts(StudentDemand, { ...fx.studentDemand, niveau: null, photo_str: null })).toBe(true);
  });
  it("accepts a card whose validator is null", () => {
    expect(accepts(StudentCard, { ...fx.studentCard, validator: null })).toBe(true);
    expect(accepts(StaffCard, { ...fx.staffCard, validator: null })).toBe(true);
  });
  it("rejects a null where the field is optional but not nullable (print_count)", () => {
    expect(accepts(StudentCard, { ...fx.studentCard, print_count: null })).toBe(false);
  });
  it("rejects a niveau of the wrong type", () => {
    expect(accepts(StudentDemand, { ...fx.studentDemand, niveau: "L3" })).toBe(false);
  });
});

describe("enumerations", () => {
  const demands = [
    ["StudentDemand", StudentDemand, fx.studentDemand],
    ["StaffDemand", StaffDemand, fx.staffDemand],
    ["TeacherDemand", TeacherDemand, fx.teacherDemand],
  ] as const;

  it.each(demands)("%s accepts every gender and blood group of the spec", (_name, schema, sample) => {
    for (const gender of [1, 2]) expect(accepts(schema, { ...sample, gender })).toBe(true);
    for (let blood = 1; blood <= 9; blood++) expect(accepts(schema, { ...sample, blood_group: blood })).toBe(true);
  });

  it.each(demands)("%s rejects any other gender or blood group", (_name, schema, sample) => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer().filter((n) => n !== 1 && n !== 2),
          fc.double(),
          fc.string(),
        ),
        (gender) => !accepts(schema, { ...sample, gender }),
      ),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer().filter((n) => n < 1 || n > 9),
          fc.string(),
        ),
        (blood_group) => !accepts(schema, { ...sample, blood_group }),
      ),
    );
  });

  it("accepts both payment options and only school 1", () => {
    for (const paiement of [1, 2]) expect(accepts(StudentDemand, { ...fx.studentDemand, paiement })).toBe(true);
    expect(accepts(StudentDemand, { ...fx.studentDemand, scholl: 1 })).toBe(true);
    expect(accepts(StudentDemand, { ...fx.studentDemand, scholl: "1" })).toBe(false);
  });
});

describe("Paged", () => {
  const StudentPage = Paged(StudentDemand);

  it("decodes a page built by pageOf", () => {
    const page = fx.pageOf([fx.studentDemand], {
      count: 31,
      next: "http://localhost/student/api/v1/demand/?page=2&validated=false",
    });
    expect(decoded(StudentPage, page)).toEqual(page);
  });

  it("decodes an empty first page", () => {
    expect(decoded(StudentPage, fx.pageOf([]))).toEqual({ count: 0, results: [], next: null, previous: null });
  });

  it("requires next and previous (null allowed), count and results", () => {
    const page = fx.pageOf([fx.studentDemand]);
    for (const key of ["count", "results", "next", "previous"])
      expect(accepts(StudentPage, without(page, key))).toBe(false);
    expect(accepts(StudentPage, { ...page, count: null })).toBe(false);
    expect(accepts(StudentPage, { ...page, results: null })).toBe(false);
    expect(accepts(StudentPage, { ...page, next: 2 })).toBe(false);
  });

  it("rejects a page holding one malformed item", () => {
    const bad = { ...fx.studentDemand, gender: 3 };
    expect(accepts(StudentPage, fx.pageOf([fx.studentDemand, bad]))).toBe(false);
  });

  it("rejects a page of another kind's items", () => {
    expect(accepts(Paged(StaffDemand), fx.pageOf([fx.studentDemand]))).toBe(false);
  });
});

describe("list schemas", () => {
  it("has the 13 reference lists of the spec", () => {
    expect(referenceNames).toHaveLength(13);
    expect([...referenceNames].sort()).toEqual(
      [
        "school",
        "faculty",
        "cycle",
        "filiere",
        "niveau",
        "department",
        "fonction",
        "grade",
        "service",
        "mapfaculty",
        "mapcycle",
        "mapfiliere",
        "mapniveau",
      ].sort(),
    );
  });

  it.each(referenceNames)("reference list %s decodes the fixture list", (name) => {
    expect(decoded(referenceLists[name], fx.referenceData[name])).toEqual(fx.referenceData[name]);
  });

  it.each(referenceNames)("reference list %s rejects a paged envelope (lists are fetched unpaginated)", (name) => {
    expect(accepts(referenceLists[name], fx.pageOf<unknown>(fx.referenceData[name]))).toBe(false);
  });

  it("a mapping list rejects plain reference items and vice versa", () => {
    expect(accepts(referenceLists.mapfaculty, [fx.faculty])).toBe(false);
    expect(accepts(referenceLists.faculty, [fx.mapFaculty])).toBe(false);
  });
});
