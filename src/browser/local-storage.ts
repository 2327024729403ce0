import { LANGUAGE_STORAGE_KEY, normalizeLanguage, type Language } from "../i18n/namespaces";

/**
 * What the app keeps in localStorage (the signed-in session, the chosen language, the signed QR's keys and list),
 * read and written here only.
 * Light on purpose, no schema library: the entry script reads both before React loads (src/entry/main.tsx), and public
 * pages ask whether someone is signed in without loading the session machinery. Storage may be missing, disabled
 * (privacy mode) or full: every helper says so by its answer, never by throwing.
 */

/** Local-storage key of the signed-in user record and its token. */
export const SESSION_KEY = "campus-card.session";

const localStore = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

const read = (key: string): string | null => {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

const write = (key: string, value: string): boolean => {
  const store = localStore();
  if (!store) return false;
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

/**
 * The stored session, parsed once for everyone: JSON holding a string token, or null. The light check below
 * needs no more; the session's start decodes the user record from this same value with its schema.
 */
export const readSessionRecord = (): { readonly token: string } | null => {
  const raw = read(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && "token" in parsed && typeof parsed.token === "string"
      ? (parsed as { readonly token: string })
      : null;
  } catch {
    return null;
  }
};

/** Whether a signed-in user record is stored, read without starting the session (public headers use it). */
export const hasStoredSession = (): boolean => readSessionRecord() !== null;

/** Answers false when the browser refused it (full or disabled storage). */
export const writeStoredSession = (session: unknown): boolean => write(SESSION_KEY, JSON.stringify(session));

export const forgetStoredSession = (): void => {
  try {
    localStore()?.removeItem(SESSION_KEY);
  } catch {
    /* nothing stored to forget */
  }
};

/** The stored language preference, if it names a supported language. */
export const readStoredLanguage = (): Language | undefined => normalizeLanguage(read(LANGUAGE_STORAGE_KEY));

/** A refusal costs only this: the choice will not survive a reload. */
export const writeStoredLanguage = (language: Language): void => {
  write(LANGUAGE_STORAGE_KEY, language);
};

/**
 * Local-storage key of what the signed QR's checkers trust, each kind's published keys and newest list (src/browser/verify-trust.ts
 * reads and writes it): the check page and /verify keep one copy.
 */
export const SIGNED_TRUST_KEY = "campus-card.signed-qr-trust";

/** The kept trust as stored (JSON, decoded by src/browser/verify-trust.ts), or null. */
export const readStoredSignedTrust = (): string | null => read(SIGNED_TRUST_KEY);

/** A refusal (full or disabled storage) only means the next visit fetches keys and list again. */
export const writeStoredSignedTrust = (json: string): void => {
  write(SIGNED_TRUST_KEY, json);
};

/**
 * Local-storage key of the digital card its holder chose to keep on this phone (extension `digital-card`): the card,
 * its short-lived QR and what refreshes it. Nothing is kept until the holder asks (a shared phone keeps nothing).
 */
export const DIGITAL_CARD_KEY = "campus-card.digital-card";

export const readKeptDigitalCard = (): unknown => {
  const raw = read(DIGITAL_CARD_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

/** False when the phone refused (storage full or disabled): the page says the card is not kept. */
export const keepDigitalCard = (kept: unknown): boolean => write(DIGITAL_CARD_KEY, JSON.stringify(kept));

export const forgetDigitalCard = (): void => {
  try {
    localStore()?.removeItem(DIGITAL_CARD_KEY);
  } catch {
    // Storage gone or refused: nothing readable was left either.
  }
};
