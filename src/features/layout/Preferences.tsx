import { LanguageSwitcher } from "../../i18n/LanguageSwitcher";
import { ThemeSwitcher } from "../../theme/ThemeSwitcher";

/** Language and theme, offered on every page. */
export const Preferences = ({ className = "" }: { className?: string }) => (
  <div className={`flex flex-wrap items-center gap-2 ${className}`}>
    <LanguageSwitcher />
    <ThemeSwitcher />
  </div>
);
