import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Every page's document title names the page and its subject in the reader's language (WCAG 2.4.2), e.g.
 * "Validation de la demande — DMSTUD000091 — Campus Card": the page's own heading, then the element a screen
 * marks `data-title-subject` (a demand or card code), then the application. Read from the page as drawn, so a
 * new screen gets its title from its heading without any wiring, and a translated heading gives a translated title.
 */
export const titleOfPage = (root: ParentNode, appName: string): string => {
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
  const heading = text(root.querySelector("main h1") ?? root.querySelector("h1"));
  const subject = text(root.querySelector("[data-title-subject]"));
  const parts = [heading, subject, appName].filter((part, index, all) => part !== "" && all.indexOf(part) === index);
  return parts.join(" — ");
};

/** Keeps `document.title` in step with the page (navigations, loaded subjects, a change of language). */
export const useDocumentTitle = (): void => {
  const { t } = useTranslation();
  const appName = t("common:appName");
  useEffect(() => {
    const update = () => {
      const next = titleOfPage(document, appName);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [appName]);
};
