/**
 * How the classroom server keeps passwords and bearer tokens in its data file (a laptop a class shares): passwords
 * as scrypt hashes with a random salt, tokens as SHA-256 digests. A file from an older version (clear passwords and
 * tokens) is converted when it is loaded.
 */
import { createHash, randomBytes, scrypt as scryptAsync, scryptSync, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { DemoData } from "../../src/mock-server/models.ts";
import type { Secrets } from "../../src/mock-server/db.ts";

const SCRYPT = "scrypt";
const TOKEN = "sha256:";
const KEY_BYTES = 32;

const scrypt = (password: string, salt: Buffer) => scryptSync(password.normalize("NFC"), salt, KEY_BYTES);
const scryptLater = promisify(scryptAsync);

export const hashPassword = (password: string): string => {
  const salt = randomBytes(16);
  return `${SCRYPT}$${salt.toString("base64url")}$${scrypt(password, salt).toString("base64url")}`;
};

const isHashed = (stored: string): boolean => stored.startsWith(`${SCRYPT}$`);

export const classroomSecrets: Secrets = {
  hashPassword,
  // A sign-in's hash runs on libuv's thread pool: other requests go on meanwhile.
  verifyPassword: async (stored, password) => {
    const [, salt = "", hash = ""] = stored.split("$");
    if (!isHashed(stored) || salt === "" || hash === "") return false;
    const expected = Buffer.from(hash, "base64url");
    if (expected.length !== KEY_BYTES) return false;
    const actual = (await scryptLater(password.normalize("NFC"), Buffer.from(salt, "base64url"), KEY_BYTES)) as Buffer;
    return timingSafeEqual(actual, expected);
  },
  tokenKey: (token) => `${TOKEN}${createHash("sha256").update(token).digest("hex")}`,
};

/** Clear passwords hashed and clear tokens digested, in place (the seed and files of older versions hold them). */
export const protectSecrets = (data: DemoData): DemoData => {
  for (const user of data.users) if (!isHashed(user.password)) user.password = hashPassword(user.password);
  data.sessions = Object.fromEntries(
    Object.entries(data.sessions).map(([key, id]) => [
      key.startsWith(TOKEN) ? key : classroomSecrets.tokenKey(key),
      id,
    ]),
  );
  return data;
};
