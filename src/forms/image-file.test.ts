import { describe, expect, it } from "vitest";
import { photoBase64 } from "../../tests/fixtures/entities";
import { imageFile } from "./image-file";

describe("imageFile", () => {
  it("decodes a data URL into a named file of its type", async () => {
    const file = imageFile(photoBase64, "photo");
    expect(file?.name).toBe("photo.png");
    expect(file?.type).toBe("image/png");
    const bytes = new Uint8Array(await file!.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.length).toBe(atob(photoBase64.split(",")[1] ?? "").length);
  });

  it("keeps an extension already given, and names jpeg files .jpg", () => {
    expect(imageFile(photoBase64, "me.png")?.name).toBe("me.png");
    expect(imageFile("data:image/jpeg;base64,/9j/", "photo")?.name).toBe("photo.jpg");
  });

  it("decodes bare base64, sniffing the image type", () => {
    expect(imageFile(photoBase64.split(",")[1])?.type).toBe("image/png");
    expect(imageFile(btoa("\xff\xd8\xff\xe0"))?.type).toBe("image/jpeg");
  });

  it("answers null for nothing, garbage, a data URL that is not base64, or a link", () => {
    expect(imageFile(null)).toBeNull();
    expect(imageFile("")).toBeNull();
    expect(imageFile("%%%not base64%%%")).toBeNull();
    expect(imageFile("data:image/png,plain")).toBeNull();
    expect(imageFile("https://example.org/a.png")).toBeNull();
  });

  it("sends a clean still image: what follows the image's end is cut, an animated WebP is not sent", async () => {
    const clean = Uint8Array.from(atob(photoBase64.split(",")[1] ?? ""), (c) => c.charCodeAt(0));
    const glued = new Uint8Array([...clean, ...new TextEncoder().encode("PK\u0003\u0004 hidden archive")]);
    const file = imageFile(`data:image/png;base64,${btoa(String.fromCharCode(...glued))}`, "photo");
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(clean);
    const ascii = (text: string) => Array.from(new TextEncoder().encode(text));
    const body = [
      ...ascii("WEBP"),
      ...ascii("VP8X"),
      10,
      0,
      0,
      0,
      0x02,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...ascii("ANIM"),
      6,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ];
    const webp = [...ascii("RIFF"), body.length, 0, 0, 0, ...body];
    expect(imageFile(`data:image/webp;base64,${btoa(String.fromCharCode(...webp))}`)).toBeNull();
  });
});
