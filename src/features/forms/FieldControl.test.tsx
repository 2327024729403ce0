// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { referenceData } from "../../../tests/fixtures/entities";
import type { ReferenceData } from "../../api/schemas";
import { fieldSpecs, type FieldSpec } from "../../forms/fields";
import type { FormValues } from "../../forms/rules";
import { setupTestI18n } from "../../i18n/testing";
import { kinds } from "../../kinds";
import { FieldControl, fieldId, type FieldControlProps } from "./FieldControl";

beforeEach(async () => {
  await setupTestI18n("en");
});

const describedTexts = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

const renderField = (field: FieldSpec, props: Partial<FieldControlProps> = {}) => {
  const onChange = vi.fn();
  render(
    <FieldControl field={field} values={{}} referenceData={referenceData} lang="en" onChange={onChange} {...props} />,
  );
  return { onChange };
};

describe("FieldControl", () => {
  it("a limited text says its limit before typing, and the length typed once near it", () => {
    const { rerender } = render(
      <FieldControl
        field={fieldSpecs.contactName}
        values={{}}
        referenceData={referenceData}
        lang="en"
        onChange={vi.fn()}
      />,
    );
    const input = screen.getByRole("textbox", { name: /Emergency contact/ });
    expect(describedTexts(input)).toContain("15 characters max.");
    expect(screen.getByText("15 characters max.")).toHaveAttribute("aria-live", "polite");
    const at = (value: string) =>
      rerender(
        <FieldControl
          field={fieldSpecs.contactName}
          values={{ contact_person_name: value }}
          referenceData={referenceData}
          lang="en"
          onChange={vi.fn()}
        />,
      );
    at("Marie-Claire");
    expect(describedTexts(screen.getByRole("textbox", { name: /Emergency contact/ }))).toContain(
      "12 characters of 15.",
    );
    at("Marie-Claire Mbarga");
    expect(screen.getByText("19 characters of 15. 4 too many.")).toBeTruthy();
  });

  it("a hint that gives the length already gets no second limit", () => {
    renderField(fieldSpecs.register);
    expect(describedTexts(screen.getByRole("textbox", { name: "Registration number" }))).toEqual([
      "5 to 7 characters.",
    ]);
  });

  it("text: label, hint and error tied to the input, with the field id", async () => {
    const { onChange } = renderField(fieldSpecs.register, { error: "validation:registerMin" });
    const input = screen.getByRole("textbox", { name: "Registration number" });
    expect(input.id).toBe(fieldId("register"));
    expect(input).toHaveProperty("required", false); // aria validation: no native bubble
    expect(input.getAttribute("aria-required")).toBe("true");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedTexts(input)).toEqual(
      expect.arrayContaining(["5 to 7 characters.", "The register must contain at least 5 characters."]),
    );
    await userEvent.type(input, "A");
    expect(onChange).toHaveBeenLastCalledWith("A");
  });

  it("names: last name and first name labels match their own messages (no swap)", () => {
    render(
      <>
        <FieldControl
          field={fieldSpecs.lastname}
          values={{}}
          referenceData={null}
          lang="en"
          onChange={() => {}}
          error="validation:lastNameRequired"
        />
        <FieldControl
          field={fieldSpecs.firstname}
          values={{}}
          referenceData={null}
          lang="en"
          onChange={() => {}}
          error="validation:firstNameRequired"
        />
      </>,
    );
    expect(describedTexts(screen.getByRole("textbox", { name: "Last name" }))).toContain("Last name is required.");
    expect(describedTexts(screen.getByRole("textbox", { name: "First name" }))).toContain("First name is required.");
    expect(screen.getByRole("textbox", { name: "Last name" }).getAttribute("autocomplete")).toBe("family-name");
  });

  it("email and tel get their input types and autocomplete tokens", () => {
    renderField(fieldSpecs.email);
    renderField(fieldSpecs.phone);
    const email = screen.getByRole("textbox", { name: "Email address" });
    expect(email.getAttribute("type")).toBe("email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    const phone = screen.getByRole("textbox", { name: "Phone number" });
    expect(phone.getAttribute("type")).toBe("tel");
    expect(describedTexts(phone)).toContain("9 digits, e.g. 672123456 (+237 optional).");
  });

  it("date: day, month and year in three boxes (GOV.UK memorable date), the same order in every language", async () => {
    const { onChange } = renderField(fieldSpecs.birthAt, {
      values: { birth_at: "2001-02-03" },
      error: "validation:birthDateInvalid",
    });
    const group = screen.getByRole("group", { name: /Date of birth/ });
    const [day, month, year] = ["Day", "Month", "Year"].map(
      (name) => within(group).getByRole("textbox", { name }) as HTMLInputElement,
    );
    expect([day?.value, month?.value, year?.value]).toEqual(["03", "02", "2001"]);
    // The summary's link lands on the first box; the hint and the error describe the group and each box.
    expect(day?.id).toBe(fieldId("birth_at"));
    expect(day?.getAttribute("inputmode")).toBe("numeric");
    expect(day?.getAttribute("autocomplete")).toBe("bday-day");
    expect(year?.getAttribute("aria-invalid")).toBe("true");
    expect(describedTexts(group)).toEqual(
      expect.arrayContaining(["Enter the date of birth as a day, a month and a year of 4 digits."]),
    );
    for (const box of [day, month, year]) {
      expect(box?.getAttribute("aria-invalid")).toBe("true");
      expect(describedTexts(box!)).toContain("Enter the date of birth as a day, a month and a year of 4 digits.");
    }
    // Typing a one-digit day gives the ISO date the rules read; an empty date is "".
    await userEvent.clear(day!);
    await userEvent.type(day!, "9");
    expect(onChange).toHaveBeenLastCalledWith("2001-02-09");
    await userEvent.clear(day!);
    await userEvent.clear(month!);
    await userEvent.clear(year!);
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("speaks to the agent on the validation screen: the hints name the applicant, not 'you'", async () => {
    await setupTestI18n("fr");
    renderField(fieldSpecs.allergies, { audience: "agent", lang: "fr" });
    expect(describedTexts(screen.getByRole("textbox", { name: "Allergies" }))).toContain(
      "«\u00a0Aucune\u00a0» si le demandeur n'en a pas.",
    );
    cleanup();
    renderField(fieldSpecs.nid, { lang: "fr" });
    expect(describedTexts(screen.getByRole("textbox", { name: /CNI/ }))).toContain(
      "1 à 10 caractères, comme sur votre CNI.",
    );
  });

  it("textarea for allergies, with its hint", () => {
    renderField(fieldSpecs.allergies);
    const area = screen.getByRole("textbox", { name: "Allergies" });
    expect(area.tagName).toBe("TEXTAREA");
    expect(describedTexts(area)).toContain('Write "None" if you have none.');
  });

  it("enum with two choices: radio buttons labelled in the current language", async () => {
    const { onChange } = renderField(fieldSpecs.gender, { values: { gender: 2 } });
    const group = screen.getByRole("radiogroup", { name: "Gender" });
    expect(group.id).toBe(fieldId("gender"));
    expect(within(group).getByRole("radio", { name: "Male" })).toHaveProperty("checked", true);
    await userEvent.click(within(group).getByRole("radio", { name: "Female" }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it("enum with many choices: a native select (blood group), its error tied to it", () => {
    renderField(fieldSpecs.bloodGroup, { values: { blood_group: 9 }, error: "validation:required" });
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: /Blood group/ });
    expect(select.tagName).toBe("SELECT");
    expect(select.id).toBe(fieldId("blood_group"));
    expect(select.selectedOptions[0]?.textContent).toBe("Unknown");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(describedTexts(select).length).toBeGreaterThan(0);
  });

  it("reference select: disabled with a hint until its parent is chosen", () => {
    const faculty = fieldSpecs.faculty("scholl");
    renderField(faculty, {
      values: { scholl: null },
      labelOfField: (name) => (name === "scholl" ? "University" : undefined),
    });
    const select = screen.getByRole("combobox", { name: /Faculty/ });
    expect(select).toHaveProperty("disabled", true);
    expect(describedTexts(select)).toContain("Choose “University” first.");
  });

  it("reference select: options from the cascade in the current language, the placeholder first", async () => {
    const { onChange } = renderField(fieldSpecs.faculty("scholl"), { values: { scholl: 1 } });
    const select = screen.getByRole("combobox", { name: /Faculty/ });
    expect(select).toHaveProperty("disabled", false);
    const options = within(select)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual(["Select…", ...referenceData.faculty.map((f) => f.label_en)]);
    await userEvent.selectOptions(select, referenceData.faculty[1]!.label_en);
    expect(onChange).toHaveBeenLastCalledWith(referenceData.faculty[1]!.id);
    await userEvent.selectOptions(select, "Select…");
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("reference select: French labels in French", async () => {
    await setupTestI18n("fr");
    try {
      renderField(fieldSpecs.faculty("scholl"), { values: { scholl: 1, faculty: 1 }, lang: "fr" });
      const select = screen.getByRole<HTMLSelectElement>("combobox", { name: /Faculté/ });
      expect(select.selectedOptions[0]?.textContent).toBe(referenceData.faculty[0]!.label_fr);
    } finally {
      await setupTestI18n("en");
    }
  });

  it("reference select: disabled while the lists load, saying so in its box, its hint already the one it keeps", () => {
    renderField(fieldSpecs.fonction, { referenceData: null, listsStatus: "loading" });
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: /Function/ });
    expect(select).toHaveProperty("disabled", true);
    expect(select.selectedOptions[0]?.textContent).toBe("Loading the lists…");
    const loadingHints = describedTexts(select);
    cleanup();
    renderField(fieldSpecs.fonction, { listsStatus: "ready" });
    const loaded = screen.getByRole<HTMLSelectElement>("combobox", { name: /Function/ });
    expect(loaded).toHaveProperty("disabled", false);
    expect(describedTexts(loaded)).toEqual(loadingHints);
  });

  it("a value not among the options shows as nothing chosen", () => {
    renderField(fieldSpecs.faculty("scholl"), { values: { scholl: 1, faculty: 999 } });
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: /Faculty/ }).value).toBe("");
  });

  it("long reference lists stay one native select, reachable by typing", async () => {
    const many: ReferenceData = {
      ...referenceData,
      fonction: Array.from({ length: 40 }, (_, i) => ({
        id: i + 1,
        code: `F${i + 1}`,
        label_fr: `Fonction ${i + 1}`,
        label_en: `Function ${i + 1}`,
      })),
    };
    const { onChange } = renderField(fieldSpecs.fonction, { referenceData: many });
    const select = screen.getByRole("combobox", { name: /Function/ });
    expect(select.id).toBe(fieldId("fonction"));
    expect(within(select).getAllByRole("option")).toHaveLength(41);
    await userEvent.selectOptions(select, "Function 12");
    expect(onChange).toHaveBeenLastCalledWith(12);
  });

  it("photo: a labelled group with an Add button, or the preview with Change and Remove", async () => {
    const onPhotoChange = vi.fn();
    const { rerender } = render(
      <FieldControl
        field={fieldSpecs.photo}
        values={{}}
        photo={null}
        referenceData={null}
        lang="en"
        onChange={() => {}}
        onPhotoChange={onPhotoChange}
      />,
    );
    const group = screen.getByRole("group", { name: "Photo" });
    expect(group.id).toBe(fieldId("photo"));
    expect(within(group).getByRole("button", { name: "Add a photo" })).toBeVisible();
    const dataUrl = "data:image/jpeg;base64,AAAA";
    rerender(
      <FieldControl
        field={fieldSpecs.photo}
        values={{}}
        photo={dataUrl}
        referenceData={null}
        lang="en"
        onChange={() => {}}
        onPhotoChange={onPhotoChange}
      />,
    );
    expect(screen.getByRole("img", { name: "Your ID photo" }).getAttribute("src")).toBe(dataUrl);
    await userEvent.click(screen.getByRole("button", { name: "Remove the photo" }));
    expect(onPhotoChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole("button", { name: "Change the photo" })).toBeVisible();
  });

  it("every field of every kind renders with a translated label", () => {
    for (const kind of Object.values(kinds)) {
      for (const step of kind.form.steps) {
        const values: FormValues = {};
        const { unmount } = render(
          <>
            {step.fields.map((field) => (
              <FieldControl
                key={field.name}
                field={field}
                values={values}
                referenceData={referenceData}
                lang="en"
                onChange={() => {}}
              />
            ))}
          </>,
        );
        for (const field of step.fields) {
          const element = document.getElementById(fieldId(field.name));
          expect(element, `${kind.id}.${field.name}`).toBeInTheDocument();
        }
        expect(document.body.textContent).not.toMatch(/registration:|teacher:|fields\./);
        unmount();
      }
    }
  });
});
