/**
 * `npm run demo -- --shared`, the classroom demo, as a request handler: the demo backend's API (the handlers of
 * `npm run mock:api`) beside the built app in live mode, on one address. Every change is on disk before its answer
 * (classroom-store.ts); passwords and tokens are kept hashed (classroom-secrets.ts); the trainer can restore a demo
 * account or reset the class's data without a restart (terminal or admin dashboard).
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { CLASSROOM_BANNER_CLASSES } from "../../src/features/layout/classroom-banner-classes.ts";
import { DemoDb } from "../../src/mock-server/db.ts";
import { seedUsers } from "../../src/mock-server/seeds.ts";
import { isBackendPath } from "../../src/api/backend-path.ts";
import { DEMO_BACKEND_CAPABILITIES } from "../../src/api/capabilities.ts";
import { createDemoBackend } from "../../src/mock-server/index.ts";
import type { DemoData } from "../../src/mock-server/models.ts";
import { classroomStore, StoreUnavailable, type StoreIo } from "./classroom-store.ts";
import { classroomSecrets, protectSecrets } from "./classroom-secrets.ts";
import { classroomRoutes } from "./classroom-routes.ts";
import { createMockApiHandler, DISK_LOW_CODE, MAX_BODY_BYTES } from "./mock-api-server.ts";
import { requestTarget } from "./request-guard.ts";
import { createStaticHandler } from "./static-server.ts";

export interface ClassroomOptions {
  readonly file: string;
  readonly dist: string;
  /** The address phones reach the site at: QR codes and links name it. */
  readonly publicUrl: string;
  /** Every origin the server is reached at (links follow the one a request used). */
  readonly knownOrigins: () => readonly string[];
  /** Starts again from the seed (`--reset`). */
  readonly reset?: boolean;
  readonly io?: StoreIo;
}

export interface Classroom {
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Whether the data came from an earlier session's file. */
  readonly resumed: boolean;
  /** Restores a seeded account (its password, group and name; signed out everywhere): false when no such account. */
  readonly restoreAccount: (username: string) => boolean;
  /** The class's data back to the seed (the demo accounts with their published passwords). */
  readonly resetData: () => void;
  /** The live database (tests read it). */
  readonly db: () => DemoDb;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The app's banner (src/features/layout/ClassroomBanner.tsx) in the pages' language, French, for pages the app never takes over. */
const classroomBannerHtml = (): string => {
  const common = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "..", "src", "i18n", "locales", "fr", "common.json"), "utf8"),
  ) as { classroomBanner: string };
  return `<p role="note" class="${CLASSROOM_BANNER_CLASSES}">${escapeHtml(common.classroomBanner)}</p>`;
};

export const NOT_SAVED =
  "The classroom server could not save this change (its disk is full or its data file cannot be written), so nothing was changed. Reading still works; tell the trainer.";

export const DISK_LOW =
  "The classroom server's disk has too little room left for this upload, so nothing was saved. Reading still works; tell the trainer.";
const UPLOADS = /^multipart\/form-data/i;

/** Throws StoreUnavailable (one sentence) when the data file cannot be used. */
export const createClassroom = (options: ClassroomOptions): Classroom => {
  const store = classroomStore(options.file, options.io);
  if (options.reset) store.remove();
  store.check();
  const saved = store.load();

  let dirty = false;
  const open = (data: DemoData): DemoDb => {
    const db = new DemoDb(protectSecrets(data));
    db.secrets = classroomSecrets;
    db.photoFiles = store.photoFiles;
    db.onChange = () => {
      dirty = true;
    };
    return db;
  };
  const seeded = () => open(createDemoBackend().db.data);

  const save = () => {
    store.save(api.backend.db.data);
    dirty = false;
  };
  let reported = "";
  /** Runs after each answer is made, before it is sent: a change is acknowledged only once it is on disk. */
  const commit = (method: string): string | null => {
    if (!dirty) return null;
    try {
      save();
      reported = "";
      return null;
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
      if (error.message !== reported) console.error(`classroom: ${error.message}`);
      reported = error.message;
      // A read that changed something in passing (an expired token dropped) is still answered; it is saved later.
      if (READS.has(method)) return null;
      // The change is undone: the database goes back to the last good file, which is intact.
      api.backend.db = open(store.load() ?? seeded().data);
      dirty = false;
      return NOT_SAVED;
    }
  };

  let lowReported = false;
  /** An upload that would leave the disk under its margin is refused before it is read; the terminal says so once. */
  const roomFor = (req: IncomingMessage): boolean => {
    if (!UPLOADS.test(String(req.headers["content-type"] ?? ""))) return true;
    // An upload sent in chunks does not say its size: it may be as large as the largest body the server reads. One
    // said to be larger is refused as too large whatever the disk, so it counts as that largest body too.
    const announced = Number(req.headers["content-length"] ?? NaN);
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const room = store.hasRoomFor(
      Number.isFinite(announced) ? Math.min(announced, MAX_BODY_BYTES) : chunked ? MAX_BODY_BYTES : 0,
    );
    if (!room && !lowReported)
      console.error(`classroom: the disk of ${options.file} is nearly full: uploads are refused`);
    lowReported = !room;
    return room;
  };

  const classroom: Classroom = {
    handle: (req, res) => {
      if (!isBackendPath(requestTarget(req)?.pathname ?? "")) return app(req, res);
      if (roomFor(req)) return api.handle(req, res);
      req.resume();
      res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "60", Connection: "close" });
      res.end(JSON.stringify({ detail: DISK_LOW, code: DISK_LOW_CODE }));
    },
    resumed: saved !== null,
    restoreAccount: (username) => {
      const seed = seedUsers().find((u) => u.username === username);
      if (!seed) return false;
      const db = api.backend.db;
      const user = db.userByName(username);
      if (user) {
        Object.assign(user, {
          first_name: seed.first_name,
          last_name: seed.last_name,
          email: seed.email,
          group: seed.group,
        });
        db.setPassword(user, seed.password);
        db.closeSessionsOf(user.id);
      } else db.addUser({ ...seed }, seed.id);
      db.guards.clearSignInFailures(username);
      save();
      return true;
    },
    resetData: () => {
      // Signed-in accounts stay signed in (the trainer who asked for the reset among them), as the browser's demo does.
      const sessions = api.backend.db.data.sessions;
      const db = seeded();
      const ids = new Set(db.users.map((u) => u.id));
      db.data.sessions = Object.fromEntries(Object.entries(sessions).filter(([, id]) => ids.has(id)));
      api.backend.db = db;
      dirty = true;
      save();
    },
    db: () => api.backend.db,
  };

  const api = createMockApiHandler({
    db: saved ? open(saved) : seeded(),
    origin: options.publicUrl,
    knownOrigins: options.knownOrigins,
    commit,
    extraRoutes: classroomRoutes(classroom),
  });
  const app = createStaticHandler(
    options.dist,
    { mode: "live", apiBaseUrl: "", classroom: true, capabilities: DEMO_BACKEND_CAPABILITIES },
    { htmlBanner: classroomBannerHtml() },
  );
  // The seed (or a file of an older version) is written at once, hashed: no clear password stays on disk. A saved
  // file on a full disk still opens for reading: the server starts, says why writes fail, and saves at the next change.
  try {
    save();
  } catch (error) {
    if (!(error instanceof StoreUnavailable) || !saved) throw error;
    console.error(`classroom: ${error.message}`);
    reported = error.message;
  }
  return classroom;
};
