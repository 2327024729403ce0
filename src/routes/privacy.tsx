import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPage } from "../features/terms/PrivacyPage";

export const Route = createFileRoute("/privacy")({ component: PrivacyPage });
