import type { DemoDb } from "./db";
import { HttpFailure } from "./http";
import type { UserRecord } from "./models";

/**
 * Bearer tokens: opaque random strings (db.openSession) mapped to a user in the database, so they survive a
 * reload when the database persists. Logout and agent deletion remove them.
 */

const headerOf = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

export const bearerToken = (headers: Readonly<Record<string, string>>): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headerOf(headers, "authorization") ?? "");
  return match?.[1] ?? null;
};

/** The signed-in user, or a 401 worded as djangorestframework-simplejwt words it. */
export const authenticate = (
  db: DemoDb,
  headers: Readonly<Record<string, string>>,
): { user: UserRecord; token: string } => {
  const token = bearerToken(headers);
  if (token === null) throw new HttpFailure(401, { detail: "Authentication credentials were not provided." });
  const user = db.sessionUser(token);
  if (!user) {
    throw new HttpFailure(401, {
      detail: "Given token not valid for any token type",
      code: "token_not_valid",
      messages: [{ token_class: "AccessToken", token_type: "access", message: "Token is invalid or expired" }],
    });
  }
  return { user, token };
};

export const LOGIN_FAILED = "No active account found with the given credentials";

/** Problems with a new password (docs/spec.md §5: 8+ characters, a digit, a lower-case and an upper-case letter). */
export const passwordProblems = (password: string): string[] =>
  [
    Array.from(password).length < 8 ? "This password is too short. It must contain at least 8 characters." : null,
    /\d/.test(password) ? null : "The password must contain at least 1 digit.",
    /[a-z]/.test(password) ? null : "The password must contain at least 1 lowercase letter.",
    /[A-Z]/.test(password) ? null : "The password must contain at least 1 uppercase letter.",
  ].filter((p): p is string => p !== null);
