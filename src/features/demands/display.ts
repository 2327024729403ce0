import type { Language } from "../../i18n/namespaces";
import type { ReferenceData } from "../../api/schemas";
import { enumLabel } from "../../api/schemas/enums";
import { labelOf } from "../../forms/cascade";
import { enumTables, type FieldSpec } from "../../forms/fields";
import { formatDate } from "../../i18n/format";
import { scalarText } from "../../api/scalar-text";

/**
 * A stored value as text for reading (validated demands, card details): reference ids and enumerations as
 * their label in the current language, dates as dd/mm/yyyy. An id the lists do not know shows as the id.
 */
export const displayValue = (
  field: Pick<FieldSpec, "input">,
  value: unknown,
  data: ReferenceData | null,
  lang: Language,
): string => {
  if (value === null || value === undefined || value === "") return "";
  switch (field.input.type) {
    case "select":
      return (data ? labelOf(data, field.input.list, value, lang) : null) ?? scalarText(value);
    case "enum":
      return typeof value === "number" ? enumLabel(enumTables[field.input.options], value, lang) : scalarText(value);
    case "date":
      return formatDate(typeof value === "string" || typeof value === "number" ? value : scalarText(value));
    case "photo":
      return "";
    default:
      return scalarText(value);
  }
};
