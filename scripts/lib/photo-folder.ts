/**
 * Uploaded photos as files in a folder, named by their SHA-256 (one picture is stored once), read when asked: the
 * servers of `npm run demo -- --shared` and `npm run mock:api` never hold them in memory.
 */
import { createHash } from "node:crypto";
import * as nodeFs from "node:fs";
import { join } from "node:path";
import type { PhotoFiles } from "../../src/mock-server/db.ts";

/** A photo's file name: its SHA-256 (or, saved by an earlier classroom server, a random uuid). */
export const PHOTO_KEY = /^(?:[0-9a-f]{64}|[0-9a-f-]{36})$/;

export const photoFolder = (
  dir: string,
  io: Pick<typeof nodeFs, "existsSync" | "readFileSync"> = nodeFs,
  /** Writes a new photo at once (the mock API); without it the caller saves it (the classroom's durable save). */
  write?: (path: string, base64: string) => void,
): PhotoFiles => {
  const files: PhotoFiles = {
    keyOf: (base64) => createHash("sha256").update(base64).digest("hex"),
    has: (key) => PHOTO_KEY.test(key) && io.existsSync(join(dir, key)),
    read: (key) => (files.has(key) ? String(io.readFileSync(join(dir, key), "utf8")) : null),
    ...(write ? { write: (key: string, base64: string) => write(join(dir, key), base64) } : {}),
  };
  return files;
};
