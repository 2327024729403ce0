import { paths } from "../../api/paths";
import { LOGIN_FAILED } from "../auth";
import { HttpFailure, json, requireFields, type RouteDef } from "../http";

/** Sign-in and sign-out (docs/spec.md §7: POST /api/token/, POST /api/token/logout/). */
export const authRoutes: RouteDef[] = [
  {
    method: "post",
    path: paths.token,
    auth: false,
    handle: (req, { db }) => {
      const { username, password } = requireFields(req, ["username", "password"]);
      // Repeated failures for one username from one address are held up, as DRF's throttling answers them.
      const wait = db.signInWait(username, req.client);
      if (wait > 0) {
        return {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": String(wait) },
          body: { detail: `Request was throttled. Expected available in ${wait} seconds.` },
        };
      }
      const user = db.userByName(username);
      // A disabled account (extension `agent-admin`) is refused as SimpleJWT refuses an inactive user.
      const succeeded = user !== undefined && user.active !== false && db.passwordMatches(user, password);
      db.noteSignIn(username, succeeded, req.client);
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
