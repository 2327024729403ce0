import type { FileBody } from "../api";

export interface SaveFileParams {
  readonly file: FileBody;
  readonly fileName: string;
}

/**
 * Hands a downloaded file to the browser: an object URL on the blob, a click on a temporary `<a download>`,
 * then the URL is revoked. Never throws (the export machine calls it as an action): a browser that refuses
 * (no DOM, blocked download) leaves the file unsaved and reports false.
 */
export const saveFile = ({ file, fileName }: SaveFileParams, doc: Document = document): boolean => {
  let url: string | null = null;
  try {
    url = URL.createObjectURL(file.blob);
    const anchor = doc.createElement("a");
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = "noopener";
    anchor.hidden = true;
    doc.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    return true;
  } catch {
    return false;
  } finally {
    // Revoking right after click() can cancel the download in some browsers: give it a moment.
    if (url !== null) {
      const created = url;
      setTimeout(() => {
        try {
          URL.revokeObjectURL(created);
        } catch {
          /* nothing to free */
        }
      }, 1000);
    }
  }
};
