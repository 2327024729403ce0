/**
 * Whether `value` is one of `list`'s strings, narrowed to that list's type: the one check behind every "is this a
 * known state, reason, language…" guard, without widening the list to `string[]` at each call.
 */
export const isOneOf = <const T extends string>(list: readonly T[], value: unknown): value is T =>
  list.some((item) => item === value);
