import type { Capability } from "../../api/capabilities";
import { kindIds, type KindId } from "../../api/kind-ids";

/** The side menu of docs/spec.md §2, as data: the layout renders it, tests read it. */
export interface MenuLink {
  readonly key: string;
  readonly href: string;
  readonly adminOnly?: boolean;
  /** A backend extension's screen: shown only when the deployment declares it (docs/extensions.md). */
  readonly capability?: Capability;
  /** The kind whose print batch size the link shows. */
  readonly batchOf?: KindId;
}
export interface MenuGroup {
  readonly key: string;
  /** The group's heading; none for the main group (Home). */
  readonly labelKey?: string;
  readonly links: readonly MenuLink[];
}

/** One group per kind (in the order of src/api/kind-ids.ts), headed by the kind's own title. */
export const menu: readonly MenuGroup[] = [
  { key: "main", links: [{ key: "home", href: "/dashboard" }] },
  ...kindIds.map((kind) => ({
    key: kind,
    labelKey: `${kind}:title`,
    links: [
      { key: "demands", href: `/dashboard/${kind}/demand` },
      { key: "cards", href: `/dashboard/${kind}/card` },
      { key: "print", href: `/dashboard/${kind}/print`, batchOf: kind },
      { key: "renewal", href: `/dashboard/${kind}/renewal`, capability: "lifecycle" as const },
    ],
  })),
  {
    key: "settings",
    labelKey: "nav:settings",
    links: [
      { key: "applicationForm", href: "/registration" },
      { key: "agents", href: "/dashboard/agent", adminOnly: true },
      { key: "activity", href: "/dashboard/activity", adminOnly: true, capability: "lifecycle" as const },
      { key: "profile", href: "/dashboard/profile" },
    ],
  },
];

/** The links an agent (or an administrator) sees, the extensions' only when `declared` says so. */
export const visibleMenu = (admin: boolean, declared: (capability: Capability) => boolean = () => false): MenuGroup[] =>
  menu.map((group) => ({
    ...group,
    links: group.links.filter(
      (link) => (admin || !link.adminOnly) && (link.capability === undefined || declared(link.capability)),
    ),
  }));
