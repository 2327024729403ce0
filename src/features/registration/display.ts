import type { Language } from "../../i18n/namespaces";
import type { ReferenceData } from "../../api/schemas";
import { labelOf } from "../../forms/cascade";
import { enumOptions, type FieldSpec } from "../../forms/fields";
import { choiceOf, formatPhone, textOf, type FormValues } from "../../forms/rules";
import { formatDate } from "../../i18n/format";

/**
 * The text a review shows for one field, or null when nothing was entered. Choices become their labels in the
 * current language; dates are shown day/month/year, phones in pairs; the photo is not text (the review shows the image).
 */
export const displayValue = (
  field: FieldSpec,
  values: FormValues,
  data: ReferenceData | null,
  lang: Language,
): string | null => {
  const value = values[field.name];
  switch (field.input.type) {
    case "photo":
      return null;
    case "select": {
      const id = choiceOf(value);
      if (id === null) return null;
      return (data && labelOf(data, field.input.list, id, lang)) ?? String(id);
    }
    case "enum": {
      const id = choiceOf(value);
      if (id === null) return null;
      return enumOptions(field.input.options, lang).find((option) => option.id === id)?.label ?? String(id);
    }
    case "date": {
      const text = textOf(value);
      return text === "" ? null : formatDate(text) || text;
    }
    case "tel": {
      const text = textOf(value);
      return text === "" ? null : formatPhone(text);
    }
    default: {
      const text = textOf(value);
      return text === "" ? null : text;
    }
  }
};
