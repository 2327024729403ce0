import { hasUntypableChars } from "../../forms/text-chars";
import type { DemoDb } from "../db";
import { badRequest, type RequestBody } from "../http";
import type { UserRecord } from "../models";

/**
 * Extension `agent-admin` (docs/extensions.md): `PATCH /base/api/v1/appuser/{id}/` with any of `first_name`,
 * `last_name`, `email` and `is_active`, checked as a DRF ModelSerializer with `partial=True` would. Disabling ends
 * the account's sessions and refuses its sign-in; nothing it did is deleted.
 */

/** An e-mail address as Django's EmailValidator roughly takes it. */
export const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const NAME_MAX = 150;

export const editAgent = (db: DemoDb, target: UserRecord, by: UserRecord | null, body: RequestBody): UserRecord => {
  const value: Record<string, unknown> =
    body.type === "json" && typeof body.value === "object" && body.value !== null && !Array.isArray(body.value)
      ? Object.fromEntries(Object.entries(body.value))
      : {};
  const problems: Record<string, string[]> = {};
  const texts: Partial<Record<"first_name" | "last_name" | "email", string>> = {};
  for (const field of ["first_name", "last_name", "email"] as const) {
    const given = value[field];
    if (given === undefined) continue;
    if (typeof given !== "string") problems[field] = ["Not a valid string."];
    else if (given.length > NAME_MAX) problems[field] = [`Ensure this field has no more than ${NAME_MAX} characters.`];
    else if (hasUntypableChars(given)) problems[field] = ["Enter a valid value."];
    else if (field === "email" && given.trim() !== "" && !EMAIL.test(given.trim()))
      problems[field] = ["Enter a valid email address."];
    else texts[field] = given.trim();
  }
  const active = value.is_active;
  if (active !== undefined && typeof active !== "boolean") problems.is_active = ["Must be a valid boolean."];
  else if (active === false && target.id === by?.id) problems.is_active = ["You cannot disable your own account."];
  if (Object.keys(problems).length > 0) badRequest(problems);
  db.updateUser(target, { ...texts, ...(typeof active === "boolean" ? { active } : {}) });
  if (active === false) db.closeSessionsOf(target.id);
  return target;
};
