/** The three kinds of card holder (docs/spec.md §1), apart from the paths so light modules can name them. */
export type KindId = "student" | "staff" | "teacher";
export const kindIds: readonly KindId[] = ["student", "staff", "teacher"];
