/**
 * The shared classroom demo's database on disk: one JSON file, written atomically (a temporary file renamed over
 * the old one), so a crash or Ctrl-C in the middle of a write never leaves half a file: the class's work is either
 * the previous state or the new one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { DemoData } from "../../src/mock-server/models.ts";

const VERSION = 1;

interface Stored {
  readonly version: number;
  readonly savedAt: string;
  readonly data: DemoData;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Enough of the shape to trust the file is ours: every collection the database reads is there. */
const looksLikeData = (value: unknown): value is DemoData =>
  isRecord(value) &&
  Array.isArray(value.users) &&
  isRecord(value.sessions) &&
  isRecord(value.demands) &&
  isRecord(value.cards) &&
  isRecord(value.photos) &&
  isRecord(value.seq);

/** The saved database, or null when there is none yet. A file that is not ours is an error, never overwritten. */
export const loadClassroom = (file: string): DemoData | null => {
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isRecord(parsed) || parsed.version !== VERSION || !looksLikeData(parsed.data)) {
    throw new Error(`${file} is not a campus-card classroom database (remove it, or use --reset)`);
  }
  return parsed.data;
};

export const saveClassroom = (file: string, data: DemoData): void => {
  mkdirSync(dirname(file), { recursive: true });
  const stored: Stored = { version: VERSION, savedAt: new Date().toISOString(), data };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(stored));
  renameSync(temporary, file);
};

export const removeClassroom = (file: string): void => rmSync(file, { force: true });
