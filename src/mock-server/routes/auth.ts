import { paths } from "../../api/paths";
import { LOGIN_FAILED } from "../auth";
import { USERNAME_MAX } from "../guards";
import { badRequest, HttpFailure, json, maxLength, requireFields, throttled, type RouteDef } from "../http";

/** Sign-in and sign-out (docs/spec.md §7: POST /api/token/, POST /api/token/logout/). */
export const authRoutes: RouteDef[] = [
  {
    method: "post",
    path: paths.token,
    auth: false,
    handle: async (req, { db }) => {
      const { username, password } = requireFields(req, ["username", "password"]);
      // Refused before anything is kept or hashed: no account has a longer name.
      if (username.length > USERNAME_MAX) badRequest({ username: [maxLength(USERNAME_MAX)] });
      // Repeated failures for one username from one address, and sign-ins beyond a rate from one address, are held
      // up, as DRF's throttling answers them.
      const client = req.client ?? "";
      const wait = db.guards.signIn(username, client);
      if (wait > 0) return throttled(wait);
      const user = db.userByName(username);
      const succeeded = user !== undefined && user.active !== false && (await db.passwordMatches(user, password));
      db.guards.noteSignIn(username, succeeded, client);
      if (!succeeded) throw new HttpFailure(401, { detail: LOGIN_FAILED });
      return json({ access: db.openSession(user) });
    },
  },
  {
    method: "post",
    path: paths.logout,
    auth: true,
    handle: (_req, { db, token }) => {
      if (token) db.closeSession(token);
      return json({ detail: "Successfully logged out." });
    },
  },
];
