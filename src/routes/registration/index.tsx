import { createFileRoute } from "@tanstack/react-router";
import { RegistrationPortal } from "../../features/portal/RegistrationPortal";

export const Route = createFileRoute("/registration/")({ component: RegistrationPortal });
