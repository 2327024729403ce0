import { BOOT } from "./boot-attributes";
import { LANGUAGE_STORAGE_KEY, normalizeLanguage } from "../i18n/namespaces";
import { getStoredTheme, isTheme, setTheme } from "../theme/theme";

/**
 * The landing page stays the prerendered HTML: reading it, its anchors, its FAQ and its links to the other
 * (prerendered) pages need no app, so a phone downloads ~3 KB of script instead of ~120 KB (and, in demo mode,
 * no embedded backend). Its two preference pickers are served here: the theme applies at once, a language change
 * reloads the page in that language (the app then renders it). Signed-in visitors get the app.
 */
export const keepStatic = (container: HTMLElement): void => {
  container.removeAttribute(BOOT.prerendered);
  container.setAttribute(BOOT.appReady, "static");
  const themePicker = container.querySelector<HTMLSelectElement>('select[name="theme"]');
  if (themePicker) themePicker.value = getStoredTheme();
  container.addEventListener("change", (event) => {
    const picker = event.target;
    if (!(picker instanceof HTMLSelectElement)) return;
    if (picker.name === "theme" && isTheme(picker.value)) setTheme(picker.value);
    if (picker.name === "language") {
      const language = normalizeLanguage(picker.value);
      if (!language) return;
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        /* storage unavailable: the reload shows the default language */
      }
      location.reload();
    }
  });
};
