// @vitest-environment node
import { Result, Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import {
  Agent,
  AgentList,
  MapCycle,
  MapFaculty,
  MapFiliere,
  MapNiveau,
  Paged,
  PrintCount,
  Profile,
  RefItem,
  StaffCard,
  StaffCheck,
  StaffDemand,
  Stats,
  StudentCard,
  StudentCheck,
  StudentDemand,
  Submitted,
  TeacherCard,
  TeacherCheck,
  TeacherDemand,
  Token,
  Validated,
  referenceLists,
  referenceNames,
} from "./index";

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

interface Case {
  readonly name: string;
  readonly schema: Schema.Top;
  readonly sample: object;
  /** Fields that must be present. */
  readonly required: readonly string[];
  /** A field and a value of the wrong type for it. */
  readonly wrongType: readonly (readonly [string, unknown])[];
  /** Fields that may be absent. */
  readonly optional?: readonly string[];
  /** Enumerated fields and values outside them. */
  readonly outOfRange?: readonly (readonly [string, unknown])[];
}

const personRequired = [
  "register",
  "firstname",
  "lastname",
  "birth_at",
  "gender",
  "email",
  "phone",
  "contact_person_name",
  "contact_person_phone",
  "blood_group",
  "allergies",
];
const personOutOfRange = [
  ["gender", 3],
  ["gender", 0],
  ["gender", "1"],
  ["blood_group", 10],
  ["blood_group", 0],
  ["blood_group", 1.5],
] as const;
const stored = ["id", "code", "insert_at", "validated"];
const cardCore = ["id", "code", "register", "firstname", "valid", "update_at"];

const cases: readonly Case[] = [
  {
    name: "StudentDemand",
    schema: StudentDemand,
    sample: fx.studentDemand,
    required: [...personRequired, ...stored, "scholl", "faculty", "cycle", "filiere", "paiement"],
    wrongType: [
      ["validated", "false"],
      ["faculty", "1"],
      ["register", 2123450],
      ["photo_str", 42],
    ],
    optional: ["niveau", "photo_str"],
    outOfRange: [...personOutOfRange, ["paiement", 3], ["scholl", 2]],
  },
  {
    name: "StaffDemand",
    schema: StaffDemand,
    sample: fx.staffDemand,
    required: [...personRequired, ...stored, "school", "fonction", "service", "birth_place", "nid"],
    wrongType: [
      ["service", "Scolarité"],
      ["nid", 1234567890],
      ["insert_at", 1729000000],
    ],
    outOfRange: [...personOutOfRange, ["school", 2]],
  },
  {
    name: "TeacherDemand",
    schema: TeacherDemand,
    sample: fx.teacherDemand,
    required: [
      ...personRequired,
      ...stored,
      "school",
      "faculty",
      "department",
      "fonction",
      "grade",
      "birth_place",
      "nid",
    ],
    wrongType: [
      ["grade", "MC"],
      ["department", true],
    ],
    outOfRange: [...personOutOfRange, ["school", 2]],
  },
  {
    name: "StudentCard",
    schema: StudentCard,
    sample: fx.studentCard,
    required: [...cardCore, "scholl"],
    wrongType: [
      ["valid", 1],
      ["print_count", "1"],
      ["validator", "fotsing.aime"],
      ["validator", { username: "x" }],
    ],
    optional: ["validator", "print_count", "lastname", "faculty"],
    outOfRange: [["scholl", 2]],
  },
  {
    name: "StaffCard",
    schema: StaffCard,
    sample: fx.staffCard,
    required: [...cardCore, "school", "insert_at", "service", "fonction", "nid", "birth_place", "gender"],
    wrongType: [
      ["valid", "true"],
      ["print_count", null],
    ],
    optional: ["validator", "print_count"],
    outOfRange: [...personOutOfRange, ["school", 0]],
  },
  {
    name: "TeacherCard",
    schema: TeacherCard,
    sample: fx.teacherCard,
    required: [...cardCore, "school", "insert_at", "faculty", "department", "grade", "fonction"],
    wrongType: [
      ["update_at", new Date(0)],
      ["faculty", null],
    ],
    optional: ["validator", "print_count"],
    outOfRange: personOutOfRange,
  },
  {
    name: "StudentCheck",
    schema: StudentCheck,
    sample: fx.studentCheck,
    required: [
      ...cardCore,
      ...personRequired,
      "duration_year_str",
      "scholl",
      "faculty",
      "cycle",
      "filiere",
      "paiement",
    ],
    wrongType: [
      ["duration_year_str", 2024],
      ["photo_str", {}],
    ],
    optional: ["niveau", "validator", "print_count", "photo_str"],
    outOfRange: [...personOutOfRange, ["paiement", 0]],
  },
  {
    name: "StaffCheck",
    schema: StaffCheck,
    sample: fx.staffCheck,
    required: [...cardCore, ...personRequired, "school", "fonction", "service"],
    wrongType: [["valid", null]],
    optional: ["validator", "print_count", "photo_str", "duration_year_str"],
    outOfRange: personOutOfRange,
  },
  {
    name: "TeacherCheck",
    schema: TeacherCheck,
    sample: fx.teacherCheck,
    required: [...cardCore, ...personRequired, "school", "faculty", "department", "grade"],
    wrongType: [["code", 1]],
    optional: ["validator", "print_count", "photo_str", "duration_year_str"],
    outOfRange: personOutOfRange,
  },
  {
    name: "Agent",
    schema: Agent,
    sample: fx.agent,
    required: ["id", "username", "first_name", "last_name", "email"],
    wrongType: [
      ["id", "7"],
      ["email", null],
    ],
  },
  {
    name: "Profile",
    schema: Profile,
    sample: fx.profile,
    required: ["id", "username", "email", "first_name", "last_name", "groups"],
    wrongType: [
      ["groups", ["Admin"]],
      ["groups", { name: "Admin" }],
      ["groups", [{ label: "Admin" }]],
      ["id", "1"],
    ],
  },
  {
    name: "Stats",
    schema: Stats,
    sample: fx.stats,
    required: ["total_demands", "active_cards", "student_demands", "staff_demands", "teacher_demands", "agents"],
    wrongType: [
      ["agents", "4"],
      ["total_demands", null],
    ],
  },
  {
    name: "RefItem",
    schema: RefItem,
    sample: fx.faculty,
    required: ["id", "code", "label_en", "label_fr"],
    wrongType: [
      ["id", "1"],
      ["label_fr", null],
    ],
  },
  {
    name: "MapFaculty",
    schema: MapFaculty,
    sample: fx.mapFaculty,
    required: ["id", "school", "faculty"],
    wrongType: [["faculty", "FS"]],
  },
  {
    name: "MapCycle",
    schema: MapCycle,
    sample: fx.mapCycle,
    required: ["id", "school", "faculty", "cycle"],
    wrongType: [["cycle", "LICENCE"]],
  },
  {
    name: "MapFiliere",
    schema: MapFiliere,
    sample: fx.mapFiliere,
    required: ["id", "school", "faculty", "cycle", "filiere"],
    wrongType: [["filiere", null]],
  },
  {
    name: "MapNiveau",
    schema: MapNiveau,
    sample: fx.mapNiveau,
    required: ["id", "school", "cycle", "niveau"],
    wrongType: [["niveau", "L3"]],
  },
  { name: "Token", schema: Token, sample: fx.token, required: ["access"], wrongType: [["access", null]] },
  { name: "Submitted", schema: Submitted, sample: fx.submitted, required: ["id", "code"], wrongType: [["code", 1]] },
  {
    name: "Validated",
    schema: Validated,
    sample: fx.validated,
    required: ["id", "validated"],
    wrongType: [["validated", "true"]],
    optional: ["card"],
  },
  {
    name: "PrintCount",
    schema: PrintCount,
    sample: fx.printCount,
    required: ["print_count"],
    wrongType: [["print_count", "2"]],
  },
];

describe.each(cases)("$name", ({ schema, sample, required, wrongType, optional = [], outOfRange = [] }) => {
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

  it.each(required)("rejects null for %s", (key) => {
    expect(accepts(schema, withField(sample, key, null))).toBe(false);
  });

  it.each(wrongType.map(([key, value]) => ({ key, value })))("rejects $key = $value (wrong type)", ({ key, value }) => {
    expect(accepts(schema, withField(sample, key, value))).toBe(false);
  });

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
});

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
  it("AgentList decodes a bare array of agents and DRF's paged envelope (get_agent/'s shape is not in the spec)", () => {
    expect(decoded(AgentList, [fx.agent])).toEqual([fx.agent]);
    expect(accepts(AgentList, fx.pageOf([fx.agent]))).toBe(true);
    expect(accepts(AgentList, { count: 1 })).toBe(false);
  });

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
