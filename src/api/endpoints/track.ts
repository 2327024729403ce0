import type { AnyKind } from "../../kinds";
import { ApiError, isApiError } from "../errors";
import { request } from "../request";
import { Tracked } from "../schemas";

/** DRF's own not-found answer (JSON with a `detail`): the route exists, no request matches. */
const answeredByTheRoute = (content: unknown): boolean =>
  typeof content === "object" && content !== null && "detail" in content;

/**
 * Extension `track` (docs/extensions.md): a request's state from its code and the applicant's registration number,
 * without signing in. A pair that matches nothing is DRF's JSON 404 (`notFound`); a 405, or a 404 that is not DRF's
 * JSON, means the server has no such route (`extensionMissing`).
 */
export const trackDemand = async <K extends AnyKind>(kind: K, code: string, register: string) => {
  try {
    return await request(
      {
        operation: "trackDemand",
        method: "post",
        public: true,
        url: kind.paths.track,
        body: { json: { code: code.trim(), register: register.trim() } },
        extension: "track",
      },
      Tracked,
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404 && answeredByTheRoute(error.content)) {
      throw new ApiError("notFound", error.operation, error.endpoint, 404, error.content, "track");
    }
    throw error;
  }
};
