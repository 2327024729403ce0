import { describe, expect, it } from "vitest";
import { storedDemandKeys } from "../api/schemas/demand";
import { kinds } from "../kinds";
import { referenceData, staffSubmission, studentSubmission } from "../../tests/fixtures/entities";
import { teacherSubmission } from "../machines/wizard-testing";
import { enumOptions, formFields, initialValues, stepOfField, validateAcceptances, validateFields } from "./fields";

const today = new Date(2026, 4, 15);
const STORED = storedDemandKeys;
const samples = { student: { ...studentSubmission, niveau: 3 }, staff: staffSubmission, teacher: teacherSubmission };
const all = Object.values(kinds);

const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name);
const schemaFields = (kind: (typeof all)[number]) =>
  Object.keys((kind.schemas.demand as unknown as { fields: object }).fields).filter((n) => !STORED.includes(n));

describe("kind forms", () => {
  it("orders the student wizard as docs/spec.md §2, the register with the academic information", () => {
    const { steps, review, sections } = kinds.student.form;
    expect(steps.map((s) => [s.id, names(s.fields)])).toEqual([
      ["academic", ["register", "scholl", "faculty", "cycle", "niveau", "filiere"]],
      ["payment", ["paiement"]],
      ["personal", ["lastname", "firstname", "gender", "email", "phone", "birth_at", "photo"]],
      ["emergency", ["contact_person_name", "contact_person_phone", "blood_group", "allergies"]],
    ]);
    expect(review.acceptances.map((a) => a.id)).toEqual(["read", "accept", "termsOfUse"]);
    expect(sections.map((s) => s.id)).toEqual(["personal", "academic", "emergency"]);
  });

  it("orders the staff and teacher wizards as docs/spec.md §2", () => {
    expect(kinds.staff.form.steps.map((s) => [s.id, names(s.fields)])).toEqual([
      ["professional", ["register", "school", "fonction", "service"]],
      // The photo is not in docs/spec.md §2 for staff: optional, as the students' (docs/assumptions.md).
      ["personal", ["lastname", "firstname", "birth_place", "birth_at", "gender", "nid", "email", "phone", "photo"]],
      ["emergency", ["contact_person_name", "contact_person_phone", "blood_group", "allergies"]],
    ]);
    expect(names(kinds.teacher.form.steps[0]?.fields ?? [])).toEqual([
      "register",
      "school",
      "faculty",
      "department",
      "fonction",
      "grade",
    ]);
    expect(kinds.teacher.form.sections.map((s) => s.id)).toEqual(["professional", "personal", "emergency"]);
  });

  it.each(all)("$id: the wizard and the sections cover exactly the submitted server fields", (kind) => {
    const expected = [...schemaFields(kind), "photo"].sort();
    expect([...names(formFields(kind.form))].sort()).toEqual(expected);
    expect(kind.form.sections.flatMap((s) => names(s.fields)).sort()).toEqual(expected);
    for (const step of kind.form.steps) expect(step.titleKey).toBe(`registration:steps.${step.id}`);
  });

  it.each(all)("$id: the sample demand passes every step; an empty form fails every required field", (kind) => {
    const values = { ...samples[kind.id] };
    for (const step of kind.form.steps)
      expect(validateFields(step.fields, values, { today, referenceData })).toEqual({});
    const errors = validateFields(formFields(kind.form), initialValues(kind.form), { today, referenceData });
    const required = formFields(kind.form).filter((f) => f.required);
    // The school is preselected (docs/spec.md §1: one school); the level is required only once a cycle offers levels;
    // a cascading select whose parent is missing is disabled, so only the parent is reported.
    const waiting = formFields(kind.form)
      .filter((f) => f.dependsOn?.some((parent) => parent in errors))
      .map((f) => f.name);
    const exempt = ["scholl", "school", "niveau", ...waiting];
    expect(Object.keys(errors).sort()).toEqual(
      names(required)
        .filter((n) => !exempt.includes(n))
        .sort(),
    );
  });

  it("reports a cascading select once its parent is chosen, not before", () => {
    const fields = kinds.student.form.steps[0]?.fields ?? [];
    const empty = validateFields(fields, initialValues(kinds.student.form), { today, referenceData });
    expect(empty).toHaveProperty("faculty");
    expect(empty).not.toHaveProperty("cycle");
    const withFaculty = { ...initialValues(kinds.student.form), faculty: samples.student.faculty };
    expect(validateFields(fields, withFaculty, { today, referenceData })).toHaveProperty(
      "cycle",
      "validation:cycleRequired",
    );
  });

  it("gives new forms empty texts, null choices and the one school", () => {
    expect(initialValues(kinds.student.form)).toMatchObject({
      register: "",
      scholl: 1,
      faculty: null,
      gender: null,
      phone: "",
    });
    expect(initialValues(kinds.student.form)).not.toHaveProperty("photo");
    expect(initialValues(kinds.staff.form)).toMatchObject({ school: 1, nid: "" });
  });

  it("uses the strict register for staff and teachers only", () => {
    const bad = { register: "AB 12" };
    expect(validateFields(kinds.student.form.steps[0]?.fields ?? [], bad).register).toBeUndefined();
    expect(validateFields(kinds.staff.form.steps[0]?.fields ?? [], bad).register).toBe("validation:registerChars");
    expect(validateFields(kinds.teacher.form.steps[0]?.fields ?? [], bad).register).toBe("validation:registerChars");
  });

  it("labels teacher's faculty as faculty or establishment", () => {
    expect(kinds.teacher.form.steps[0]?.fields.find((f) => f.name === "faculty")?.labelKey).toBe(
      "teacher:fields.faculty",
    );
    expect(kinds.student.form.steps[0]?.fields.find((f) => f.name === "faculty")?.labelKey).toBe(
      "registration:fields.faculty",
    );
  });

  it("gives every field typed as free text a maximum length the browser enforces", () => {
    for (const kind of Object.values(kinds)) {
      for (const field of formFields(kind.form)) {
        if (["text", "textarea", "email", "tel"].includes(field.input.type))
          expect(field.maxLength, `${kind.id} ${field.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("finds the step of a field", () => {
    expect(stepOfField(kinds.student.form, "register")).toBe(0);
    expect(stepOfField(kinds.staff.form, "phone")).toBe(1);
    expect(stepOfField(kinds.staff.form, "nope")).toBe(-1);
  });

  it("labels enumerations from the API enums", () => {
    expect(enumOptions("gender", "fr").map((o) => o.label)).toEqual(["Femme", "Homme"]);
    expect(enumOptions("bloodGroup", "en").at(-1)).toEqual({ id: 9, code: "9", label: "Unknown" });
    expect(enumOptions("payment", "en").map((o) => o.id)).toEqual([1, 2]);
  });

  it("requires every acceptance", () => {
    const acceptances = kinds.student.form.review.acceptances;
    expect(validateAcceptances(acceptances, { read: true, accept: false })).toEqual({
      accept: "validation:termsRequired",
      termsOfUse: "validation:termsRequired",
    });
    expect(validateAcceptances(acceptances, { read: true, accept: true, termsOfUse: true })).toEqual({});
  });
});
