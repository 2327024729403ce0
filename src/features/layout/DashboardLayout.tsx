import { memo, useState } from "react";
import { Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useUser } from "../../session";
import { AriaLocaleProvider } from "../../i18n/AriaLocaleProvider";
import { Button } from "../../ui/Button";
import { Drawer } from "../../ui/Drawer";
import { Brand } from "./Brand";
import { DemoResetButton } from "./DemoResetButton";
import { Preferences } from "./Preferences";
import { SideMenu } from "./SideMenu";
import { SkipLink } from "./SkipLink";

/**
 * Back-office frame: side menu on wide screens, a menu drawer on phones, and the page in between. Memoised: the
 * dashboard route renders again on every navigation (its guard runs again), and the frame — header, menus,
 * preferences — would follow each page change of a list for nothing; it reads what it shows through hooks.
 */
export const DashboardLayout = memo(function DashboardLayout() {
  const { t } = useTranslation();
  const user = useUser();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <AriaLocaleProvider>
      <div className="flex min-h-dvh bg-bg text-fg">
        <SkipLink />
        {/* Not an <aside>: the menu is the page's navigation (its <nav> is the landmark), not content beside it. */}
        <div className="hidden w-64 shrink-0 flex-col gap-6 border-r border-border bg-surface p-4 lg:flex">
          <Brand />
          <SideMenu />
        </div>
        <Drawer isOpen={menuOpen} onOpenChange={setMenuOpen} aria-label={t("nav:main")}>
          <div className="flex items-center justify-between">
            <Brand />
            <Button variant="quiet" size="sm" onPress={() => setMenuOpen(false)}>
              {t("nav:closeMenu")}
            </Button>
          </div>
          <SideMenu onNavigate={() => setMenuOpen(false)} />
          <div className="flex flex-col gap-2 border-t border-border pt-4 sm:hidden">
            <Preferences />
            <DemoResetButton />
          </div>
        </Drawer>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-surface px-4 py-3">
            <div className="flex items-center gap-2">
              <Button variant="secondary" size="sm" className="lg:hidden" onPress={() => setMenuOpen(true)}>
                {t("nav:openMenu")}
              </Button>
              <span className="text-sm text-fg-muted">
                {t("nav:signedInAs", { name: user?.firstName || user?.username })}
              </span>
            </div>
            <div className="hidden flex-wrap items-center gap-2 sm:flex">
              <DemoResetButton />
              <Preferences />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </AriaLocaleProvider>
  );
});
