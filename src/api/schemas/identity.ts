import { Schema } from "effect";
import { Id, NullableText } from "./common";
import { lenient } from "./lenient";
import { lifecycleStatsFields } from "./lifecycle";

export const Token = Schema.Struct({ access: Schema.String });
export type Token = Schema.Schema.Type<typeof Token>;

export const Group = Schema.Struct({ name: Schema.String });
export const Profile = Schema.Struct({
  id: Schema.Number,
  username: Schema.String,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  groups: Schema.Array(Group),
});
export type Profile = Schema.Schema.Type<typeof Profile>;

/** An agent: its id a string or DRF's integer key (kept as text), its names and e-mail possibly left null. */
export const Agent = Schema.Struct({
  id: Id,
  username: Schema.String,
  first_name: NullableText,
  last_name: NullableText,
  email: NullableText,
  /** Extension `agent-admin`: false for a disabled account; absent (docs/spec.md) means active. */
  is_active: lenient("is_active", Schema.NullOr(Schema.Boolean)),
});
export type Agent = Schema.Schema.Type<typeof Agent>;

/** Extension `agent-admin`: what `PATCH /base/api/v1/appuser/{id}/` may change, any part of it. */
export interface AgentEdit {
  readonly first_name?: string;
  readonly last_name?: string;
  readonly email?: string;
  readonly is_active?: boolean;
}
export interface NewAgent {
  readonly username: string;
  readonly password: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
}

export const Stats = Schema.Struct({
  total_demands: Schema.Number,
  active_cards: Schema.Number,
  student_demands: Schema.Number,
  staff_demands: Schema.Number,
  teacher_demands: Schema.Number,
  agents: Schema.Number,
  ...lifecycleStatsFields,
});
export type Stats = Schema.Schema.Type<typeof Stats>;
