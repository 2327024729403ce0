import { paths } from "../../api/paths";
import { LOGIN_FAILED } from "../auth";
import { HttpFailure, json, requireFields, type RouteDef } from "../http";

/** Sign-in and sign-out (spec §7: POST /api/token/, POST /api/token/logout/). */
export const authRoutes: RouteDef[] = [
  {
    method: "post",
    path: paths.token,
    auth: false,
    handle: (req, { db }) => {
      const { username, password } = requireFields(req, ["username", "password"]);
      const user = db.userByName(username);
      if (!user || user.password !== password) throw new HttpFailure(401, { detail: LOGIN_FAILED });
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
