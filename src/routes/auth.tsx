import { createFileRoute } from "@tanstack/react-router";
import { requireGuest } from "../session";
import { LoginPage } from "../features/auth/LoginPage";

export const Route = createFileRoute("/auth")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  beforeLoad: requireGuest,
  component: LoginPage,
});
