import { describe, expect, it } from "vitest";
import { kinds } from "../kinds";
import { photoBase64, staffSubmission, studentSubmission } from "../../tests/fixtures/entities";
import { imageFile } from "./image-file";
import { displayName, normalizeValues, toDemandForm } from "./submission";

describe("toDemandForm", () => {
  it("sends the student fields by server name, numbers for ids, the birth date as text", () => {
    const values = {
      ...studentSubmission,
      niveau: 3,
      phone: "+237 677 12 34 56",
      contact_person_phone: "00237-699.87.65.43",
    };
    const form = toDemandForm(kinds.student, values);
    expect(form).toEqual({ ...studentSubmission, niveau: 3, phone: "677123456", contact_person_phone: "699876543" });
    expect(form.birth_at).toBe("2003-05-17");
    expect(form.faculty).toBe(1);
  });

  it("omits the level and the photo when absent, and sends the photo when present", () => {
    const values = { ...studentSubmission, niveau: null };
    expect(toDemandForm(kinds.student, values)).not.toHaveProperty("niveau");
    expect(toDemandForm(kinds.student, values)).not.toHaveProperty("photo");
    const photo = imageFile(photoBase64, "photo")!;
    expect(toDemandForm(kinds.student, values, photo).photo).toBe(photo);
  });

  it("turns select values handed over as text into numbers and trims texts", () => {
    const form = toDemandForm(kinds.staff, {
      ...staffSubmission,
      fonction: "1",
      service: "1",
      gender: "1",
      firstname: "  Françoise ",
    } as never);
    expect(form).toMatchObject({ fonction: 1, service: 1, gender: 1, firstname: "Françoise" });
  });

  it("sends a staff photo when there is one (optional), nothing in its place otherwise", () => {
    const photo = imageFile(photoBase64, "photo")!;
    expect(toDemandForm(kinds.staff, staffSubmission, photo)).toEqual({ ...staffSubmission, photo });
    expect(toDemandForm(kinds.staff, staffSubmission, null)).toEqual(staffSubmission);
  });
});

it("names the registrant first name first", () => {
  expect(displayName(studentSubmission)).toBe("Épiphanie Ngono");
});

describe("normalizeValues (full validation sends what the wizard would)", () => {
  it("trims text and turns phones into their 9 national digits; ids, unknown fields and bad phones stay", () => {
    const values = {
      ...staffSubmission,
      firstname: "  Jane  ",
      phone: "+237 672 12 34 99",
      contact_person_phone: "12",
      service: 3,
      extra: " x ",
    };
    expect(normalizeValues(kinds.staff.form, values)).toEqual({
      ...values,
      firstname: "Jane",
      phone: "672123499",
      contact_person_phone: "12",
      service: 3,
      extra: " x ",
    });
  });
});
