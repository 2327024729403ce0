/**
 * The tab's sessionStorage, guarded: it may be missing, disabled or full. Shared by the drafts the app keeps
 * per tab (the registration wizard, a validation form's unsent edits); each says what a refusal costs.
 */

/** sessionStorage, or null where the browser does not give it. */
export const tabStorage = (): Storage | null => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** The raw text under `key`, or null when absent or unreadable. */
export const readTabItem = (key: string): string | null => {
  try {
    return tabStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

/**
 * Stores a draft that may carry a photo (a data URL). Answers false when the browser refused it; then, as the
 * photo most likely pushed it over the quota, the draft is stored without it rather than not at all.
 */
export const writeTabDraft = <T extends { readonly photo: string | null }>(key: string, draft: T): boolean => {
  const store = tabStorage();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    try {
      store.setItem(key, JSON.stringify({ ...draft, photo: null }));
    } catch {
      /* storage unusable */
    }
    return false;
  }
};

export const removeTabItem = (key: string): void => {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    /* storage unusable */
  }
};
