import { Schema } from "effect";

export * from "./enum-labels";

export const SCHOOL_ID = 1 as const;
export const School = Schema.Literal(SCHOOL_ID);

export const Gender = Schema.Literals([1, 2]);
export type Gender = Schema.Schema.Type<typeof Gender>;

export const BloodGroup = Schema.Literals([1, 2, 3, 4, 5, 6, 7, 8, 9]);
export type BloodGroup = Schema.Schema.Type<typeof BloodGroup>;

export const Payment = Schema.Literals([1, 2]);
export type Payment = Schema.Schema.Type<typeof Payment>;
