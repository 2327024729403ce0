/**
 * Every backend path in one place (spec §7). Teacher paths are not shown in the spec: they follow the staff
 * pattern with "teacher" in place of "staff"/"personnel" (README, Assumptions).
 */
import type { KindId } from "./kind-ids";

export interface KindPaths {
  readonly submit: string;
  readonly demands: string;
  readonly demand: (id: string) => string;
  readonly validate: (id: string) => string;
  readonly validateSimple: (id: string) => string;
  readonly cards: string;
  readonly card: (id: string) => string;
  readonly cardPdf: (id: string) => string;
  readonly notifyPrint: (id: string) => string;
  readonly exportCards: string;
  readonly checkCard: string;
}

const kindPaths = (root: string, segment: string, checkCard: string): KindPaths => {
  const demands = `${root}/demand/${segment}`;
  const cards = `${root}/card/${segment}`;
  return {
    submit: `${demands}submit/`,
    demands,
    demand: (id) => `${demands}${encodeURIComponent(id)}/`,
    validate: (id) => `${demands}${encodeURIComponent(id)}/validation/`,
    validateSimple: (id) => `${demands}${encodeURIComponent(id)}/validation_simple/`,
    cards,
    card: (id) => `${cards}${encodeURIComponent(id)}/`,
    cardPdf: (id) => `${cards}${encodeURIComponent(id)}/pdf/`,
    notifyPrint: (id) => `${cards}${encodeURIComponent(id)}/notify_print/`,
    exportCards: `${cards}export/`,
    checkCard,
  };
};

export const paths = {
  token: "/api/token/",
  logout: "/api/token/logout/",
  profile: "/base/api/v1/appuser/profile/",
  appUser: (id: number) => `/base/api/v1/appuser/${id}/`,
  agents: "/base/api/v1/appuser/get_agent/",
  createAgent: "/base/api/v1/appuser/create_agent/",
  stats: "/base/api/v1/stats/",
  exportAll: "/base/api/v1/cards/export/",
  reference: (name: string) => `/institution/api/v1/${name}/`,
  kinds: {
    student: kindPaths("/student/api/v1", "", "/student/api/v1/checkcard/"),
    staff: kindPaths("/staff/api/v1", "personnel/", "/staff/api/v1/checkcard/personnel"),
    teacher: kindPaths("/teacher/api/v1", "teacher/", "/teacher/api/v1/checkcard/teacher"),
  } satisfies Record<KindId, KindPaths>,
} as const;
