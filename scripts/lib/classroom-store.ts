/**
 * The shared classroom demo's database on disk. A write is acknowledged only once it is on disk: the database is
 * written to a temporary file, fsync'd, renamed over the last one, and the folder fsync'd, all before the answer
 * (a kill -9 at any moment leaves the previous state or the new one, never half a file). Uploaded photos, the
 * only large records, are written once each into a folder beside the file, named by their content, and read from
 * there when asked: each write stays small and memory holds no photo.
 *
 * When the disk is full or the file cannot be written, `save` throws a `StoreUnavailable`: the caller answers 503,
 * the last good file is kept and the temporary file removed.
 */
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import type { PhotoFiles } from "../../src/mock-server/db.ts";
import type { DemoData } from "../../src/mock-server/models.ts";
import { PHOTO_KEY, photoFolder } from "./photo-folder.ts";

const VERSION = 2;

/** The file system calls the store makes (a test swaps in a full disk). */
export type StoreIo = Pick<
  typeof nodeFs,
  | "openSync"
  | "writeSync"
  | "fsyncSync"
  | "closeSync"
  | "renameSync"
  | "rmSync"
  | "readFileSync"
  | "existsSync"
  | "mkdirSync"
  | "readdirSync"
  | "statfsSync"
>;

/** Room an upload must leave free: 5 % of the disk, at most 50 MB (a small disk keeps room for the data file itself). */
const MARGIN_BYTES = 50 * 1024 * 1024;
const MARGIN_SHARE = 0.05;
/** What an upload of n bytes may take on disk: the photo as base64 (4/3) plus the database rewritten beside it. */
const DISK_PER_UPLOAD_BYTE = 2;

export class StoreUnavailable extends Error {
  override readonly name = "StoreUnavailable";
}

interface Stored {
  readonly version: number;
  readonly savedAt: string;
  readonly data: DemoData;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Enough of the shape to trust the file is ours: every collection the database reads is there. */
const looksLikeData = (value: unknown): value is DemoData =>
  isRecord(value) &&
  Array.isArray(value.users) &&
  isRecord(value.sessions) &&
  isRecord(value.demands) &&
  isRecord(value.cards) &&
  isRecord(value.photos) &&
  isRecord(value.seq);

const reason = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EACCES" || code === "EPERM" || code === "EROFS")
    return "the file cannot be written (permission denied or read-only)";
  return error instanceof Error ? error.message : String(error);
};

export interface ClassroomStore {
  readonly file: string;
  /** The saved database, or null when there is none yet. A file that is not ours is an error, never overwritten. */
  load(): DemoData | null;
  /** Writes the database durably before returning; throws StoreUnavailable when it cannot. */
  save(data: DemoData): void;
  /** The saved photos, read from the folder when asked (the database never holds them in memory). */
  readonly photoFiles: PhotoFiles;
  /** Removes the database and its photos (`--reset`). */
  remove(): void;
  /** Throws StoreUnavailable, in one sentence, when the path cannot hold the database at all. */
  check(): void;
  /** Whether an upload of this many bytes leaves the disk above its margin. */
  hasRoomFor(bytes: number): boolean;
}

export const classroomStore = (file: string, io: StoreIo = nodeFs): ClassroomStore => {
  const dir = dirname(file);
  const photosDir = `${file}.photos`;
  const temporary = `${file}.tmp`;

  const fsyncDir = (path: string) => {
    const fd = io.openSync(path, "r");
    try {
      io.fsyncSync(fd);
    } finally {
      io.closeSync(fd);
    }
  };
  /**
   * Every byte or a failure: `write` may write fewer bytes than asked (a nearly full disk does), and a short file
   * fsync'd and renamed would replace the good one.
   */
  const writeAll = (fd: number, bytes: Buffer) => {
    for (let offset = 0; offset < bytes.length;) {
      const count = io.writeSync(fd, bytes, offset, bytes.length - offset);
      if (!(count > 0)) throw Object.assign(new Error("no byte could be written"), { code: "ENOSPC" });
      offset += count;
    }
  };
  /** temporary → fsync → rename → fsync the folder; the temporary file never outlives a failure. */
  const writeDurably = (path: string, text: string) => {
    const tmp = `${path}.tmp`;
    try {
      const fd = io.openSync(tmp, "w", 0o600);
      try {
        writeAll(fd, Buffer.from(text, "utf8"));
        io.fsyncSync(fd);
      } finally {
        io.closeSync(fd);
      }
      io.renameSync(tmp, path);
      fsyncDir(dirname(path));
    } catch (error) {
      try {
        io.rmSync(tmp, { force: true });
      } catch {
        /* the folder itself is gone or read-only: nothing was left in it either */
      }
      throw new StoreUnavailable(`cannot save the classroom data to ${path}: ${reason(error)}`);
    }
  };

  /** Leftovers of a process killed in the middle of a write: never the database itself. */
  const removeLeftovers = () => {
    const prefix = basename(file);
    for (const name of io.existsSync(dir) ? io.readdirSync(dir) : []) {
      if (name.startsWith(prefix) && name.endsWith(".tmp")) io.rmSync(join(dir, name), { force: true });
    }
    for (const name of io.existsSync(photosDir) ? io.readdirSync(photosDir) : []) {
      if (name.endsWith(".tmp")) io.rmSync(join(photosDir, name), { force: true });
    }
  };

  const photoFiles = photoFolder(photosDir, io);

  return {
    file,
    photoFiles,
    check: () => {
      try {
        io.mkdirSync(photosDir, { recursive: true });
        removeLeftovers();
        const probe = io.openSync(temporary, "w", 0o600);
        io.closeSync(probe);
        io.rmSync(temporary, { force: true });
      } catch (error) {
        throw new StoreUnavailable(`--data ${file} cannot be used: ${reason(error)}`);
      }
    },
    hasRoomFor: (bytes) => {
      const disk = io.statfsSync(dir);
      const margin = Math.min(MARGIN_BYTES, disk.blocks * disk.bsize * MARGIN_SHARE);
      return disk.bavail * disk.bsize - bytes * DISK_PER_UPLOAD_BYTE >= margin;
    },
    load: () => {
      if (!io.existsSync(file)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(io.readFileSync(file, "utf8")));
      } catch {
        parsed = null;
      }
      if (!isRecord(parsed) || (parsed.version !== 1 && parsed.version !== VERSION) || !looksLikeData(parsed.data)) {
        throw new StoreUnavailable(`${file} is not a campus-card classroom database (remove it, or use --reset)`);
      }
      // Photos stay in their folder (a file of version 1 holds some inline: the next save moves them there).
      return (parsed as unknown as Stored).data;
    },
    save: (data) => {
      try {
        io.mkdirSync(photosDir, { recursive: true });
      } catch (error) {
        throw new StoreUnavailable(`cannot save the classroom data to ${file}: ${reason(error)}`);
      }
      // Photos first: the database never names a photo that is not on disk. Once on disk a photo leaves memory.
      for (const [key, base64] of Object.entries(data.photos)) {
        if (!PHOTO_KEY.test(key)) continue;
        if (!io.existsSync(join(photosDir, key))) writeDurably(join(photosDir, key), base64);
        delete data.photos[key];
      }
      const stored: Stored = { version: VERSION, savedAt: new Date().toISOString(), data };
      writeDurably(file, JSON.stringify(stored));
    },
    remove: () => {
      io.rmSync(file, { force: true });
      io.rmSync(photosDir, { recursive: true, force: true });
    },
  };
};
