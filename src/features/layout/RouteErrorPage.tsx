import type { ErrorComponentProps } from "@tanstack/react-router";
import { ErrorPage } from "../shell/ErrorPage";
import { isChunkLoadError } from "../shell/chunk-load";

/** Route-level failures: a lazy chunk that did not arrive gets its own message; anything else the generic page. */
export const RouteErrorPage = ({ error }: ErrorComponentProps) => (
  <ErrorPage messageKey={isChunkLoadError(error) ? "errors:chunkLoad" : "errors:unexpected"} />
);
