import { kindIds } from "../api/kind-ids.ts";

/**
 * Public pages whose HTML is rendered at build time (scripts/lib/prerender.ts): they paint before the scripts
 * run. Only pages that look the same for every visitor until the app takes over: no session, no API answer.
 */
export const prerenderedRoutes: readonly string[] = [
  "/",
  "/home",
  "/auth",
  "/registration",
  "/privacy",
  ...kindIds.flatMap((kind) => [`/registration/${kind}`, `/terms/${kind}`]),
];
