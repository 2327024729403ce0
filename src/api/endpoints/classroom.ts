import { CLASSROOM_PATHS } from "../classroom-paths";
import { requestVoid } from "../request";

/** The classroom server's own endpoints (not docs/spec.md §7): an administrator's reset and account restore. */
export const resetClassroom = () =>
  requestVoid({ operation: "resetClassroom", method: "post", url: CLASSROOM_PATHS.reset });

/** Every demo account gets its published password back. */
export const restoreClassroomAccounts = () =>
  requestVoid({
    operation: "restoreClassroomAccounts",
    method: "post",
    url: CLASSROOM_PATHS.restoreAccount,
    body: { json: {} },
  });
