import { describe, expect, it, vi } from "vitest";
import { CanvasContextError, encodeCrop, encodeCropElsewhere, PhotoDecodeError } from "./encode";

const fakeCanvas = (context: Partial<CanvasRenderingContext2D> | null, dataUrl = "data:image/jpeg;base64,AAAA") => {
  const canvas = {
    width: 0,
    height: 0,
    getContext: vi.fn(() => context),
    toDataURL: vi.fn(() => dataUrl),
  };
  return canvas as unknown as HTMLCanvasElement & {
    getContext: ReturnType<typeof vi.fn>;
    toDataURL: ReturnType<typeof vi.fn>;
  };
};

const fakeContext = () => ({
  fillRect: vi.fn(),
  drawImage: vi.fn(),
  fillStyle: "",
  imageSmoothingEnabled: false,
  imageSmoothingQuality: "low" as ImageSmoothingQuality,
});

describe("encodeCrop", () => {
  const source = {} as CanvasImageSource;

  it("draws the cropped part on a white, downscaled canvas and answers a JPEG data URL", () => {
    const context = fakeContext();
    const canvas = fakeCanvas(context as unknown as CanvasRenderingContext2D);
    const url = encodeCrop(
      source,
      { x: 250, y: 0, width: 700, height: 900 },
      { createCanvas: () => canvas, quality: 0.8 },
    );
    expect(url).toBe("data:image/jpeg;base64,AAAA");
    expect([canvas.width, canvas.height]).toEqual([467, 600]);
    expect(context.fillStyle).toBe("#ffffff");
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 467, 600);
    expect(context.drawImage).toHaveBeenCalledWith(source, 250, 0, 700, 900, 0, 0, 467, 600);
    expect(canvas.toDataURL).toHaveBeenCalledWith("image/jpeg", 0.8);
  });

  it("throws CanvasContextError when the canvas has no 2D context (or throws asking for one)", () => {
    expect(() =>
      encodeCrop(source, { x: 0, y: 0, width: 35, height: 45 }, { createCanvas: () => fakeCanvas(null) }),
    ).toThrow(CanvasContextError);
    const throwing = fakeCanvas(null);
    throwing.getContext.mockImplementation(() => {
      throw new Error("blocked");
    });
    expect(() => encodeCrop(source, { x: 0, y: 0, width: 35, height: 45 }, { createCanvas: () => throwing })).toThrow(
      CanvasContextError,
    );
  });

  it('throws PhotoDecodeError when the canvas cannot encode ("data:,")', () => {
    const canvas = fakeCanvas(fakeContext() as unknown as CanvasRenderingContext2D, "data:,");
    expect(() => encodeCrop(source, { x: 0, y: 0, width: 35, height: 45 }, { createCanvas: () => canvas })).toThrow(
      PhotoDecodeError,
    );
  });
});

describe("encodeCropElsewhere", () => {
  it("answers null where the browser has no worker that can draw, so the page encodes the photo itself", async () => {
    // Node, like an old browser: no OffscreenCanvas.
    expect(typeof OffscreenCanvas).toBe("undefined");
    const crop = { x: 0, y: 0, width: 350, height: 450 };
    await expect(encodeCropElsewhere(new Blob([]), crop, { width: 350, height: 450 })).resolves.toBeNull();
  });
});
