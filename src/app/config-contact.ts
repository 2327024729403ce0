/**
 * config.json's `contact`: how applicants reach the card office, shown by the landing page, the receipt and the
 * privacy page. Site data, not translation: a live build shows only what its config gives (never the demo
 * university's invented details); a demo build carries the demo's (docs/deploying.md, docs/assumptions.md). Checked
 * strictly (config.ts turns what it throws into a ConfigError): no import, it runs before the first paint.
 */
export interface Contact {
  readonly email?: string;
  /** As written for people (`+237 233 46 12 00`); the `tel:` link keeps its + and digits. */
  readonly phone?: string;
  /** The office's postal address, one line each (`Bureau des cartes, Rectorat`, …, the town). */
  readonly address?: readonly string[];
}

/** The demo university's (invented) card office: the demo's contact block. */
export const DEMO_CONTACT: Contact = {
  email: "cartes@univ-sanaga.cm",
  phone: "+237 233 46 12 00",
  address: ["Bureau des cartes, Rectorat", "Campus principal, BP 1234", "Édéa, Cameroun"],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;
const keys = ["email", "phone", "address"];

/** A phone number as a `tel:` link wants it. */
export const phoneHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

const text = (value: unknown, key: string, max: number, shape?: RegExp): string | undefined => {
  if (value === undefined) return undefined;
  const trimmed = typeof value === "string" ? value.trim() : "";
  if (trimmed === "" || trimmed.length > max || (shape && !shape.test(trimmed)))
    throw new Error(
      `config.json: contact.${key} must be ${key === "email" ? "an e-mail address" : key === "phone" ? "a phone number" : "a text"} of at most ${max} characters`,
    );
  return trimmed;
};

export const parseContact = (value: unknown): Contact => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("config.json: contact must be an object with email, phone and address");
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !keys.includes(key));
  if (unknown.length > 0)
    throw new Error(`config.json: contact: unknown keys ${unknown.join(", ")} (email, phone, address)`);
  const email = text(record.email, "email", 200, EMAIL);
  const phone = text(record.phone, "phone", 40, PHONE);
  const { address } = record;
  if (
    address !== undefined &&
    (!Array.isArray(address) ||
      address.length === 0 ||
      address.length > 5 ||
      !address.every((line) => typeof line === "string" && line.trim() !== "" && line.length <= 120))
  )
    throw new Error("config.json: contact.address must be a list of 1 to 5 lines of at most 120 characters");
  return {
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
    ...(address === undefined ? {} : { address: address.map((line: string) => line.trim()) }),
  };
};
