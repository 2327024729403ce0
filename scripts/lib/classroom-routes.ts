/**
 * Two endpoints only the classroom server has (not in docs/spec.md §7, not in the Pact contract): an
 * administrator resets the class's data or restores a demo account from the dashboard.
 *
 *   POST /api/classroom/reset/            → 200 {detail}
 *   POST /api/classroom/restore-account/  {username} → 200 {detail} | 404; without a username, every demo account
 */
import { bodyFields, forbidden, json, notFound, type RouteDef } from "../../src/mock-server/http.ts";
import { seedUsers } from "../../src/mock-server/seeds.ts";
import { CLASSROOM_PATHS } from "../../src/api/classroom-paths.ts";

interface Trainer {
  readonly restoreAccount: (username: string) => boolean;
  readonly resetData: () => void;
}

export const classroomRoutes = (trainer: Trainer): RouteDef[] => [
  {
    method: "post",
    path: CLASSROOM_PATHS.reset,
    auth: true,
    handle: (_req, ctx) => {
      if (ctx.user?.group !== "Admin") forbidden();
      trainer.resetData();
      return json({ detail: "The class's data is back to the seed." });
    },
  },
  {
    method: "post",
    path: CLASSROOM_PATHS.restoreAccount,
    auth: true,
    handle: (req, ctx) => {
      if (ctx.user?.group !== "Admin") forbidden();
      const username = (bodyFields(req).username ?? "").trim();
      if (username === "") {
        for (const user of seedUsers()) trainer.restoreAccount(user.username);
        return json({ detail: "Every demo account has its demo password again." });
      }
      if (!trainer.restoreAccount(username)) notFound("No demo account has this username.");
      return json({ detail: "The account has its demo password again." });
    },
  },
];
