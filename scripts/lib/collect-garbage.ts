import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection once a large upload is answered: reading a 4 MB photo makes some 30 MB of short-lived
 * copies (the body, the parsed form, the photo's base64), which V8 would otherwise keep until its heap grows far
 * larger. It takes a moment; a form without a photo never pays it.
 */
export const LARGE_UPLOAD_BYTES = 1024 * 1024;
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as (options: object) => void;
// "last-resort" gives V8's emptied pages back to the system too; a plain major collection keeps them committed.
export const collectGarbage = () => collect({ type: "major", execution: "sync", flavor: "last-resort" });
