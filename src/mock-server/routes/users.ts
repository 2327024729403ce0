import { paths } from "../../api/paths";
import { FREE_TEXT_MAX } from "../../forms/text-chars";
import { freeTextErrors } from "../free-text";
import { passwordProblems } from "../auth";
import {
  badRequest,
  bodyFields,
  forbidden,
  json,
  noContent,
  notFound,
  requireFields,
  type RouteDef,
  type RouteContext,
} from "../http";
import type { UserRecord } from "../models";
import { matches } from "../paging";
import { idPattern } from "./pattern";
import { editAgent, EMAIL } from "./agent-admin";

/** Profile, password, and agent management (docs/spec.md §7 appuser endpoints). */

const agentJson = (u: UserRecord) => ({
  id: u.id,
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  // Extension `agent-admin`; a client of docs/spec.md alone ignores it.
  is_active: u.active !== false,
});
const profileJson = (u: UserRecord) => {
  const { is_active: _active, ...spec } = agentJson(u);
  return { ...spec, groups: [{ name: u.group }] };
};

const isAdmin = (ctx: RouteContext) => ctx.user?.group === "Admin";

const userParam = (ctx: RouteContext, raw: string | undefined): UserRecord => {
  const id = Number(raw);
  return (Number.isInteger(id) ? ctx.db.user(id) : undefined) ?? notFound();
};

export const userRoutes: RouteDef[] = [
  { method: "get", path: paths.profile, auth: true, handle: (_req, { user }) => json(profileJson(user as UserRecord)) },
  {
    // Everyone may change their own password; an administrator may reset anyone's (extension `agent-admin`). Either
    // ends the account's other sessions.
    method: "put",
    path: idPattern(paths.appUser),
    auth: true,
    handle: (req, ctx) => {
      const target = userParam(ctx, req.params.id);
      if (target.id !== ctx.user?.id && !isAdmin(ctx)) forbidden();
      const { password } = requireFields(req, ["password"]);
      const problems = passwordProblems(password);
      if (problems.length > 0) badRequest({ password: problems });
      ctx.db.setPassword(target, password);
      // Every other session of the account ends (a thief's included); the one that made the change stays.
      ctx.db.closeSessionsOf(target.id, target.id === ctx.user?.id ? (ctx.token ?? undefined) : undefined);
      return json(agentJson(target));
    },
  },
  {
    // Extension `agent-admin`: an administrator edits an agent's names and e-mail, or disables and enables them.
    method: "patch",
    path: idPattern(paths.appUser),
    auth: true,
    handle: (req, ctx) => {
      if (!isAdmin(ctx)) forbidden();
      const target = userParam(ctx, req.params.id);
      if (target.group !== "Agent" && target.id !== ctx.user?.id) forbidden();
      return json(agentJson(editAgent(ctx.db, target, ctx.user, req.body)));
    },
  },
  {
    // Agents are the users of group "Agent" (administrators are never listed), searched by username. Only an
    // administrator reads it (docs/spec.md §6: agent management is the admin view's): names and e-mails of every
    // agent are not an agent's business.
    method: "get",
    path: paths.agents,
    auth: true,
    handle: (req, ctx) => {
      if (!isAdmin(ctx)) forbidden();
      return json(
        ctx.db.users
          .filter((u) => u.group === "Agent" && matches(req.url.searchParams.get("search"), u.username))
          .map(agentJson),
      );
    },
  },
  {
    method: "post",
    path: paths.createAgent,
    auth: true,
    handle: (req, ctx) => {
      if (!isAdmin(ctx)) forbidden();
      const { username, password } = requireFields(req, ["username", "password"]);
      const fields = bodyFields(req);
      if (ctx.db.userByName(username.trim())) badRequest({ username: ["A user with that username already exists."] });
      if (!/^[\w.@+-]{1,150}$/.test(username.trim())) {
        badRequest({
          username: ["Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."],
        });
      }
      // The same rules as a password change (docs/spec.md §5), and an e-mail that is one when given.
      const problems: Record<string, string[]> = {};
      const weak = passwordProblems(password);
      if (weak.length > 0) problems.password = weak;
      const email = (fields.email ?? "").trim();
      if (email !== "" && !EMAIL.test(email)) problems.email = ["Enter a valid email address."];
      for (const field of ["first_name", "last_name", "email"]) {
        const errors = freeTextErrors(fields[field] ?? "", field === "email" ? 254 : FREE_TEXT_MAX.name);
        if (errors) problems[field] = errors;
      }
      if (Object.keys(problems).length > 0) badRequest(problems);
      const agent = ctx.db.addUser({
        username: username.trim(),
        password,
        first_name: (fields.first_name ?? "").trim(),
        last_name: (fields.last_name ?? "").trim(),
        email: (fields.email ?? "").trim(),
        group: "Agent",
      });
      return json(agentJson(agent), 201);
    },
  },
  {
    method: "delete",
    path: idPattern(paths.appUser),
    auth: true,
    handle: (req, ctx) => {
      if (!isAdmin(ctx)) forbidden();
      const target = userParam(ctx, req.params.id);
      if (target.id === ctx.user?.id) badRequest({ detail: "You cannot delete your own account." });
      if (target.group !== "Agent") forbidden();
      ctx.db.removeUser(target.id);
      return noContent();
    },
  },
];
