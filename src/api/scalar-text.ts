/**
 * A stored value as text, for values typed `unknown` (a record's field read by name): a string as it is, a
 * number or boolean as `String` writes it, nothing (null, undefined) as "". The API's fields hold JSON scalars;
 * an object or array, which none of them holds, is written as JSON, never as "[object Object]".
 */
export const scalarText = (value: unknown): string => {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "undefined":
      return "";
    default:
      return value === null ? "" : (JSON.stringify(value) ?? "");
  }
};
