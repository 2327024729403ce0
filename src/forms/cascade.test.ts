import { describe, expect, it } from "vitest";
import type { ReferenceData } from "../api/schemas";
import { referenceData } from "../../tests/fixtures/entities";
import {
  cycleOptions,
  facultyOptions,
  filiereOptions,
  labelOf,
  niveauOptions,
  optionsFor,
  pruneDependents,
} from "./cascade";

const ids = (options: readonly { id: number }[]) => options.map((o) => o.id);

describe("cascading options", () => {
  it("offers the faculties mapped to the school, labelled by language", () => {
    expect(ids(facultyOptions(referenceData, 1, "fr"))).toEqual([1, 2]);
    expect(facultyOptions(referenceData, 1, "fr")[0]?.label).toBe("Faculté des Sciences");
    expect(facultyOptions(referenceData, 1, "en")[0]?.label).toBe("Faculty of Science");
    expect(facultyOptions(referenceData, 9, "fr")).toEqual([]);
    expect(facultyOptions(referenceData, null, "fr")).toEqual([]);
  });

  it("offers cycles by (school, faculty), filières by (school, faculty, cycle), levels by (school, cycle)", () => {
    expect(ids(cycleOptions(referenceData, 1, 1, "fr"))).toEqual([1, 2]);
    expect(ids(cycleOptions(referenceData, 1, 2, "fr"))).toEqual([]);
    expect(ids(cycleOptions(referenceData, 1, null, "fr"))).toEqual([]);
    expect(ids(filiereOptions(referenceData, 1, 1, 1, "fr"))).toEqual([1]);
    expect(ids(filiereOptions(referenceData, 1, 1, 2, "fr"))).toEqual([]);
    expect(ids(niveauOptions(referenceData, 1, 1, "en"))).toEqual([3]);
    expect(niveauOptions(referenceData, 1, 1, "en")[0]?.label).toBe("Level 3");
    expect(ids(niveauOptions(referenceData, 1, 2, "fr"))).toEqual([]);
  });

  it("reads the school as 'scholl' (students) or 'school' (staff, teachers)", () => {
    expect(ids(optionsFor("faculty", { scholl: 1 }, referenceData, "fr"))).toEqual([1, 2]);
    expect(ids(optionsFor("faculty", { school: 1 }, referenceData, "fr"))).toEqual([1, 2]);
    expect(ids(optionsFor("cycle", { school: 1, faculty: "1" }, referenceData, "fr"))).toEqual([1, 2]);
  });

  it("offers whole lists for selects without a mapping", () => {
    expect(ids(optionsFor("fonction", {}, referenceData, "fr"))).toEqual([1, 2]);
    expect(ids(optionsFor("service", {}, referenceData, "fr"))).toEqual([1]);
  });

  it("offers every item when a mapping list is empty (cascade not configured)", () => {
    const unmapped: ReferenceData = { ...referenceData, mapfiliere: [] };
    expect(ids(filiereOptions(unmapped, 1, 2, 2, "fr"))).toEqual([1]);
  });

  it("labels one id", () => {
    expect(labelOf(referenceData, "cycle", 1, "en")).toBe("Bachelor");
    expect(labelOf(referenceData, "cycle", 7, "en")).toBeNull();
  });
});

describe("pruneDependents", () => {
  const chosen = { scholl: 1, faculty: 1, cycle: 1, filiere: 1, niveau: 3, register: "21T2345" };

  it("keeps values that still fit, answering the same object", () => {
    expect(pruneDependents(chosen, referenceData)).toBe(chosen);
  });

  it("clears cycle, filière and level when the faculty changes to one without them", () => {
    expect(pruneDependents({ ...chosen, faculty: 2 }, referenceData)).toEqual({
      ...chosen,
      faculty: 2,
      cycle: null,
      filiere: null,
      niveau: null,
    });
  });

  it("clears filière and level when the cycle changes", () => {
    expect(pruneDependents({ ...chosen, cycle: 2 }, referenceData)).toEqual({
      ...chosen,
      cycle: 2,
      filiere: null,
      niveau: null,
    });
  });

  it("clears everything below an emptied school", () => {
    expect(pruneDependents({ ...chosen, scholl: null }, referenceData)).toEqual({
      ...chosen,
      scholl: null,
      faculty: null,
      cycle: null,
      filiere: null,
      niveau: null,
    });
  });

  it("touches only fields the form has (teachers: faculty only)", () => {
    const teacher = { school: 1, faculty: 2, department: 1 };
    expect(pruneDependents(teacher, referenceData)).toBe(teacher);
    expect(pruneDependents({ ...teacher, faculty: 5 }, referenceData)).toEqual({ ...teacher, faculty: null });
  });
});

describe("departments by faculty, functions by card", () => {
  const departments = [
    { id: 1, code: "DINF", label_en: "Computer Science", label_fr: "Informatique", faculty: 1 },
    { id: 2, code: "DHIS", label_en: "History", label_fr: "Histoire", faculty: 2 },
    { id: 3, code: "DLAN", label_en: "Languages", label_fr: "Langues" },
  ];
  const mappedData = { ...referenceData, department: departments };
  const ids = (options: readonly { id: number }[]) => options.map((option) => option.id);

  it("offers the departments of the chosen faculty (and those mapped to none); all before a faculty is chosen", () => {
    expect(ids(optionsFor("department", { school: 1, faculty: 2 }, mappedData, "en"))).toEqual([2, 3]);
    expect(ids(optionsFor("department", { school: 1, faculty: null }, mappedData, "en"))).toEqual([1, 2, 3]);
  });

  it("offers every department when the rows carry no faculty", () => {
    const plain = departments.map(({ id, code, label_en, label_fr }) => ({ id, code, label_en, label_fr }));
    expect(ids(optionsFor("department", { faculty: 2 }, { ...referenceData, department: plain }, "en"))).toEqual([
      1, 2, 3,
    ]);
  });

  it("clears a department that no longer fits a new faculty", () => {
    const values = { school: 1, faculty: 2, department: 1 };
    expect(pruneDependents(values, mappedData)).toMatchObject({ department: null });
    expect(pruneDependents({ ...values, department: 2 }, mappedData)).toMatchObject({ department: 2 });
  });

  it("offers a card's functions only: none of the other card's, every row that names no card", () => {
    const fonction = [
      { id: 1, code: "ENS", label_en: "Lecturer", label_fr: "Enseignant", kind: "teacher" },
      { id: 2, code: "SEC", label_en: "Secretary", label_fr: "Secrétaire", kind: "staff" },
      { id: 3, code: "CSE", label_en: "Head of service", label_fr: "Chef de service" },
    ];
    const data = { ...referenceData, fonction };
    expect(ids(optionsFor("fonction", {}, data, "en", "staff"))).toEqual([2, 3]);
    expect(ids(optionsFor("fonction", {}, data, "en", "teacher"))).toEqual([1, 3]);
  });
});
