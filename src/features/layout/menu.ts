import { kindIds, type KindId } from "../../api/kind-ids";

/** The side menu of spec §2, as data: the layout renders it, tests read it. */
export interface MenuLink {
  readonly key: string;
  readonly href: string;
  readonly adminOnly?: boolean;
  /** The kind whose print batch size the link shows. */
  readonly batchOf?: KindId;
}
export interface MenuGroup {
  readonly key: string;
  readonly links: readonly MenuLink[];
}

const kindMenuKey: Record<KindId, string> = { student: "students", staff: "staff", teacher: "teachers" };

export const menu: readonly MenuGroup[] = [
  { key: "main", links: [{ key: "home", href: "/dashboard" }] },
  ...kindIds.map((kind) => ({
    key: kindMenuKey[kind],
    links: [
      { key: "demands", href: `/dashboard/${kind}/demand` },
      { key: "cards", href: `/dashboard/${kind}/card` },
      { key: "print", href: `/dashboard/${kind}/print`, batchOf: kind },
    ],
  })),
  {
    key: "settings",
    links: [
      { key: "registration", href: "/registration" },
      { key: "agents", href: "/dashboard/agent", adminOnly: true },
      { key: "profile", href: "/dashboard/profile" },
    ],
  },
];

export const visibleMenu = (admin: boolean): MenuGroup[] =>
  menu.map((group) => ({ ...group, links: group.links.filter((link) => admin || !link.adminOnly) }));
