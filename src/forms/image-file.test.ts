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
});
