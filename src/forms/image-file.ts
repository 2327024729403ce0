import { sniffImageType } from "./image-header";
import { stillImage } from "./image-integrity";

const extensions: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * A base64 image as a File for multipart sending (docs/spec.md §5: the photo is converted from base64 to a file): a data
 * URL as the photo dialog gives, or bare base64 as some servers send photo_str (its type then read from its bytes,
 * JPEG when they say nothing known). `name` gets the type's extension unless it has one ("photo" + image/jpeg →
 * "photo.jpg"). Null when there is nothing, nothing decodable, or an animation that cannot be made still.
 */
export const imageFile = (value: string | null | undefined, name = "photo"): File | null => {
  if (!value) return null;
  const match = /^data:([^;,]+)?((?:;[^;,]*)*),(.*)$/s.exec(value.trim());
  if (match && !(match[2] ?? "").split(";").includes("base64")) return null;
  if (!match && /^[a-z][a-z0-9+.-]*:/i.test(value.trim())) return null;
  let binary: string;
  try {
    binary = atob((match ? (match[3] ?? "") : value).replace(/\s+/g, ""));
  } catch {
    return null;
  }
  if (binary.length === 0) return null;
  const decoded = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // One clean still image goes to the server: bytes after the image's end are cut, an animation keeps its first
  // image, an animated WebP is not sent. A picture whose structure is not understood goes as it is: the server judges.
  const still = stillImage(decoded);
  if (!still.ok && still.problem === "animated") return null;
  const bytes = still.ok ? new Uint8Array(still.bytes) : decoded;
  const type = (match?.[1] ?? sniffImageType(bytes) ?? "image/jpeg").toLowerCase();
  const extension = extensions[type];
  const fileName = extension && !/\.[A-Za-z0-9]+$/.test(name) ? `${name}.${extension}` : name;
  return new File([bytes], fileName, { type });
};
