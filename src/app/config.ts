/**
 * Runtime configuration read from /config.json next to index.html, so one build serves demo and live.
 * Demo: the embedded Mirage backend answers every call. Live: calls go to apiBaseUrl ("" = same origin).
 * Checked by hand rather than with a schema library: this runs before the first paint of every page.
 */
import { DEMO_BACKEND_CAPABILITIES, isCapability, type Capability } from "../api/capabilities";
import { parseValidityRules, type ValidityRules } from "../api/card-validity";
import type { KindId } from "../api/kind-ids";
import type { KindRoute } from "../api/paths";
import { parseKindPaths } from "./config-kind-paths";
import { DEMO_CONTACT, parseContact, type Contact } from "./config-contact";

export interface RuntimeConfig {
  readonly mode: "demo" | "live";
  readonly apiBaseUrl?: string;
  readonly demoBulk?: number;
  /** Demo mode: the embedded backend's answer delay in ms (default 250, like a real network; 0 for tests). */
  readonly demoLatency?: number;
  /**
   * Live mode behind `npm run demo -- --shared`: a classroom's shared demo backend. The app shows a banner, the
   * demo accounts on the login page, and lets an administrator reset the class's data or restore the demo accounts.
   */
  readonly classroom?: boolean;
  /**
   * The backend extensions the deployment's backend offers (docs/extensions.md). Absent: none in live mode (the app
   * is exactly docs/spec.md's), all the embedded demo backend implements in demo mode. Read through `capabilityOn`.
   */
  readonly capabilities?: readonly Capability[];
  /**
   * Where applicants collect their card and report a lost one, as the site should name it ("Service des cartes,
   * bâtiment A, rez-de-chaussée"): shown by the tracking page and the duplicate-request explanation. Absent: the
   * texts say "the card office" and the contact block gives the address (docs/assumptions.md).
   */
  readonly pickupOffice?: string;
  /**
   * The lifecycle extension: the office's standard replacement fee in FCFA, filled in when an agent replaces a lost
   * card (the agent may change it). Absent: the field starts empty.
   */
  readonly replacementFee?: number;
  /** The lifecycle extension: how long a card is valid when the backend's answer does not say (src/api/card-validity.ts). */
  readonly cardValidity?: ValidityRules;
  /**
   * What the public check page shows of a card: "full" (the default, docs/spec.md §2's card with its emergency
   * information) or "identity-only" (no blood group, allergies or emergency contact). Read through `publicCheckOf`.
   */
  readonly publicCheck?: PublicCheck;
  /**
   * Live mode: where the backend mounts a kind's endpoints when not at its default (src/kinds; the teacher paths
   * are a guess). Each kind named gives its API root, its segment and its check path (docs/deploying.md).
   */
  readonly kindPaths?: Partial<Record<KindId, KindRoute>>;
  /**
   * How applicants reach the card office (e-mail, phone, postal address): the landing page, the receipt and the
   * privacy page show what it gives and nothing in its place. Read through `contactOf`.
   */
  readonly contact?: Contact;
}

export const publicCheckValues = ["full", "identity-only"] as const;
export type PublicCheck = (typeof publicCheckValues)[number];

/**
 * The card office's contact details as config.json gives them; without any, the demo's in demo mode and the
 * classroom (the development server and the classroom server write no contact), none on a live site (which never
 * shows the demo university's invented ones).
 */
export const contactOf = (config: RuntimeConfig): Contact =>
  config.contact ?? (config.mode === "demo" || config.classroom ? DEMO_CONTACT : {});

/** The public check page's setting, "full" when config.json leaves it out. */
export const publicCheckOf = (config: RuntimeConfig): PublicCheck => config.publicCheck ?? "full";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    message: string,
    /** "missing": no config.json at all (the site is not configured); "invalid": one that cannot be used. */
    readonly reason: "missing" | "invalid" = "invalid",
  ) {
    super(message);
  }
}

/** Known names kept (in order, once); unknown ones are left out with one warning (a newer config on an older app). */
const parseCapabilities = (value: unknown): readonly Capability[] => {
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) {
    throw new ConfigError("config.json: capabilities must be a list of names");
  }
  const unknown = value.filter((name) => !isCapability(name));
  if (unknown.length > 0) console.warn(`config.json: unknown capabilities ignored: ${unknown.join(", ")}`);
  return [...new Set(value.filter(isCapability))];
};

/** The one switch of a backend extension: is this capability on for this deployment. */
export const capabilityOn = (config: RuntimeConfig, capability: Capability): boolean =>
  (config.capabilities ?? (config.mode === "demo" ? DEMO_BACKEND_CAPABILITIES : [])).includes(capability);

/** A part of the config checked by its own module: what it refuses is the config's error. */
const asConfigError = <T>(parse: () => T): T => {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
};

export const parseRuntimeConfig = (value: unknown): RuntimeConfig => {
  if (typeof value !== "object" || value === null) throw new ConfigError("config.json is not an object");
  const record = value as Record<string, unknown>;
  const {
    mode,
    apiBaseUrl,
    demoBulk,
    demoLatency,
    classroom,
    capabilities,
    pickupOffice,
    cardValidity,
    publicCheck,
    replacementFee,
    kindPaths,
    contact,
  } = record;
  if (mode !== "demo" && mode !== "live") throw new ConfigError('config.json: mode must be "demo" or "live"');
  if (apiBaseUrl !== undefined && typeof apiBaseUrl !== "string")
    throw new ConfigError("config.json: apiBaseUrl must be a string");
  if (demoBulk !== undefined && (typeof demoBulk !== "number" || !Number.isFinite(demoBulk) || demoBulk < 0)) {
    throw new ConfigError("config.json: demoBulk must be a non-negative number");
  }
  if (
    demoLatency !== undefined &&
    (typeof demoLatency !== "number" || !Number.isFinite(demoLatency) || demoLatency < 0 || demoLatency > 10_000)
  ) {
    throw new ConfigError("config.json: demoLatency must be a number of milliseconds from 0 to 10000");
  }
  if (classroom !== undefined && typeof classroom !== "boolean")
    throw new ConfigError("config.json: classroom must be true or false");
  if (pickupOffice !== undefined && (typeof pickupOffice !== "string" || pickupOffice.length > 200)) {
    throw new ConfigError("config.json: pickupOffice must be a text of at most 200 characters");
  }
  if (
    replacementFee !== undefined &&
    (typeof replacementFee !== "number" || !Number.isSafeInteger(replacementFee) || replacementFee < 0)
  ) {
    throw new ConfigError("config.json: replacementFee must be a whole, non-negative amount in FCFA");
  }
  // Fail closed: a misspelt privacy setting must not show what a university meant to hide.
  if (publicCheck !== undefined && !publicCheckValues.some((value) => value === publicCheck)) {
    throw new ConfigError('config.json: publicCheck must be "full" or "identity-only"');
  }
  const declared = capabilities === undefined ? undefined : parseCapabilities(capabilities);
  const office = typeof pickupOffice === "string" ? pickupOffice.trim() : "";
  const validity = cardValidity === undefined ? undefined : asConfigError(() => parseValidityRules(cardValidity));
  const routes = kindPaths === undefined ? undefined : asConfigError(() => parseKindPaths(kindPaths));
  const contactDetails = contact === undefined ? undefined : asConfigError(() => parseContact(contact));
  return {
    mode,
    ...(classroom === true && mode === "live" ? { classroom } : {}),
    ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }),
    ...(demoBulk === undefined ? {} : { demoBulk }),
    ...(demoLatency === undefined ? {} : { demoLatency }),
    ...(declared === undefined ? {} : { capabilities: declared }),
    ...(office === "" ? {} : { pickupOffice: office }),
    ...(validity === undefined ? {} : { cardValidity: validity }),
    ...(typeof replacementFee === "number" ? { replacementFee } : {}),
    ...(publicCheck === "identity-only" || publicCheck === "full" ? { publicCheck } : {}),
    ...(routes === undefined ? {} : { kindPaths: routes }),
    ...(contactDetails === undefined ? {} : { contact: contactDetails }),
  };
};

export interface LoadOptions {
  /**
   * What a missing config.json (404) means. A built site fails closed: a production server that lost its config
   * must not turn into the demo and show its accounts to the public. The development server (`npm run dev`)
   * has no config.json and runs the demo.
   */
  readonly whenMissing?: "demo" | "fail";
}

/** Fetched with the browser's own fetch, before the demo server (if any) replaces it. */
export const loadRuntimeConfig = async (
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
  { whenMissing = import.meta.env.DEV ? "demo" : "fail" }: LoadOptions = {},
): Promise<RuntimeConfig> => {
  // Same request as the <link rel="preload"> of index.html, so the preloaded answer is used (the server
  // marks config.json no-cache, so a changed config is still seen on the next visit).
  const response = await fetcher(`${import.meta.env.BASE_URL}config.json`);
  if (response.status === 404) {
    if (whenMissing === "demo") return { mode: "demo" };
    throw new ConfigError("config.json is missing: this site is not configured", "missing");
  }
  if (!response.ok) throw new ConfigError(`config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError("config.json is not JSON");
  }
  return parseRuntimeConfig(body);
};

/**
 * Live mode with the API on another origin: the connection (DNS, TCP, TLS) is opened as soon as config.json names
 * it, while the page's scripts are still loading, so the first call (a QR scan's check) does not wait for it.
 */
export const preconnectApi = (config: RuntimeConfig): void => {
  if (config.mode !== "live" || !config.apiBaseUrl) return;
  let origin: string;
  try {
    origin = new URL(config.apiBaseUrl, location.href).origin;
  } catch {
    return;
  }
  if (origin === location.origin || origin === "null") return;
  const link = document.createElement("link");
  link.rel = "preconnect";
  link.href = origin;
  // The API's calls carry no cookies: a connection opened without credentials is the one they use.
  link.crossOrigin = "anonymous";
  document.head.append(link);
};
