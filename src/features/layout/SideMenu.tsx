import { useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isAdmin } from "../../machines/session";
import { useSessionActor, useUser } from "../../session";
import { Button } from "../../ui/Button";
import { Link } from "../../ui/Link";
import { useBatchSize } from "../../print/use-batch-size";
import { capabilityOn } from "../../app/config";
import { useRuntime } from "../../app/runtime-context";
import { visibleMenu, type MenuLink } from "./menu";

/** Side menu (docs/spec.md §2): Home, each kind's demands, cards and printing, Registration, Agents (admins), Profile, Log out. */
export const SideMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const user = useUser();
  const session = useSessionActor();
  const { config } = useRuntime();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const current = (href: string) =>
    href === "/dashboard" ? path === href || path === `${href}/` : path.startsWith(href);

  return (
    <nav aria-label={t("nav:main")} className="flex h-full flex-col gap-4">
      {visibleMenu(isAdmin(user), (capability) => capabilityOn(config, capability)).map((group) => (
        <div key={group.key}>
          {group.labelKey && (
            <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-fg-muted">
              {t(group.labelKey)}
            </h2>
          )}
          <ul className="flex flex-col gap-0.5">
            {group.links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  variant="plain"
                  onPress={onNavigate}
                  aria-current={current(link.href) ? "page" : undefined}
                  className="block rounded-lg px-3 py-2 text-sm text-fg no-underline aria-[current=page]:bg-primary-soft aria-[current=page]:font-semibold hover:bg-surface-2 hover:no-underline"
                >
                  {t(`nav:${link.key}`)}
                  {link.batchOf && <BatchSize username={user?.username ?? ""} link={link} />}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="mt-auto pt-2">
        <Button variant="secondary" className="w-full" onPress={() => session.send({ type: "LOGOUT" })}>
          {t("nav:logout")}
        </Button>
      </div>
    </nav>
  );
};

/** The size of a print batch beside its menu link, when it holds cards. */
function BatchSize({ username, link }: { username: string; link: MenuLink }) {
  const { t } = useTranslation();
  const size = useBatchSize(username, link.batchOf);
  if (size === 0) return null;
  return (
    <>
      {" "}
      <span
        aria-hidden="true"
        className="ms-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary tabular-nums"
      >
        {size}
      </span>
      <span className="sr-only">{t("nav:batchSize", { count: size })}</span>
    </>
  );
}
