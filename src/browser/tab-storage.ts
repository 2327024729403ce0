/**
 * The tab's sessionStorage, guarded: it may be missing, disabled or full. Shared by the drafts the app keeps
 * (a validation form's unsent edits per tab; the registration wizard on the device, `deviceStorage`); each says
 * what a refusal costs.
 */

/** sessionStorage, or null where the browser does not give it. */
export const tabStorage = (): Storage | null => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
};

/**
 * localStorage, guarded like the tab's: what must survive the tab being closed (a half-filled registration, whose
 * page offers it back without showing it, as the device may be shared).
 */
export const deviceStorage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/** The raw text under `key`, or null when absent or unreadable. */
export const readTabItem = (key: string, storage: () => Storage | null = tabStorage): string | null => {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

/**
 * Stores a draft that may carry a photo (a data URL). Answers false when the browser refused it; then, as the
 * photo most likely pushed it over the quota, the draft is stored without it rather than not at all.
 */
export const writeTabDraft = <T extends { readonly photo: string | null }>(
  key: string,
  draft: T,
  storage: () => Storage | null = tabStorage,
): boolean => {
  const store = storage();
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

export const removeTabItem = (key: string, storage: () => Storage | null = tabStorage): void => {
  try {
    storage()?.removeItem(key);
  } catch {
    /* storage unusable */
  }
};
