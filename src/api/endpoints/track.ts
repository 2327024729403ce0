import type { Schema } from "effect";
import type { AnyKind } from "../../kinds";
import { ApiError, isApiError } from "../errors";
import { request, type Call } from "../request";
import { Tracked } from "../schemas";

/** DRF's own not-found answer (JSON with a `detail`): the route exists, no request matches. */
const answeredByTheRoute = (content: unknown): boolean =>
  typeof content === "object" && content !== null && "detail" in content;

/**
 * A public call about one request, named by its code and registration number (extensions `track` and `correction`).
 * A pair that matches nothing is DRF's JSON 404 (`notFound`); a 405, or a 404 that is not DRF's JSON, means the
 * server has no such route (`extensionMissing`).
 */
export const requestByCode = async <S extends Schema.ConstraintDecoder<unknown>>(
  call: Call,
  answer: S,
): Promise<S["Type"]> => {
  try {
    return await request({ ...call, public: true }, answer);
  } catch (error) {
    if (isApiError(error) && error.status === 404 && answeredByTheRoute(error.content)) {
      throw new ApiError("notFound", error.operation, error.endpoint, 404, error.content, call.extension);
    }
    throw error;
  }
};

/**
 * Extension `track` (docs/extensions.md): a request's state from its code and the applicant's registration number,
 * without signing in.
 */
export const trackDemand = <K extends AnyKind>(kind: K, code: string, register: string) =>
  requestByCode(
    {
      operation: "trackDemand",
      method: "post",
      url: kind.paths.track,
      body: { json: { code: code.trim(), register: register.trim() } },
      extension: "track",
    },
    Tracked,
  );
