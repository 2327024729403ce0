import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  clampCrop,
  cropForKey,
  cropPercentages,
  ID_PHOTO_ASPECT,
  initialCrop,
  keyStep,
  maxCropSize,
  minCropHeight,
  moveCrop,
  outputSize,
  zoomCrop,
  zoomLevel,
  ZOOM_STEP,
  type CropRect,
  type Size,
} from "./crop";

const landscape: Size = { width: 1200, height: 900 };
const portrait: Size = { width: 700, height: 1800 };

const inside = (crop: CropRect, image: Size) =>
  crop.x >= -1e-9 &&
  crop.y >= -1e-9 &&
  crop.x + crop.width <= image.width + 1e-9 &&
  crop.y + crop.height <= image.height + 1e-9;
const aspectOf = (crop: CropRect) => crop.width / crop.height;

describe("crop geometry", () => {
  it("uses the 35:45 ID-photo aspect", () => {
    expect(ID_PHOTO_ASPECT).toBeCloseTo(35 / 45);
  });

  it("starts with the largest centred frame: full height on a landscape image, full width on a tall one", () => {
    const wide = initialCrop(landscape);
    expect(wide.height).toBe(900);
    expect(wide.width).toBeCloseTo(700);
    expect(wide.x).toBeCloseTo(250);
    expect(wide.y).toBe(0);

    const tall = initialCrop(portrait);
    expect(tall.width).toBe(700);
    expect(tall.height).toBeCloseTo(900);
    expect(tall.x).toBe(0);
    expect(tall.y).toBeCloseTo(450);
  });

  it("moves within the image and stops at its edges", () => {
    const start = initialCrop(landscape);
    expect(moveCrop(start, -50, 0, landscape).x).toBeCloseTo(200);
    expect(moveCrop(start, -5000, 0, landscape).x).toBe(0);
    expect(moveCrop(start, 5000, 0, landscape).x).toBeCloseTo(1200 - 700);
    // Full height: no vertical room at all.
    expect(moveCrop(start, 0, 80, landscape).y).toBe(0);
  });

  it("zooms around the centre, between the minimum and the largest frame", () => {
    const start = initialCrop(landscape);
    const zoomed = zoomCrop(start, 2, landscape);
    expect(zoomed.height).toBeCloseTo(450);
    expect(zoomed.x + zoomed.width / 2).toBeCloseTo(start.x + start.width / 2);
    expect(zoomed.y + zoomed.height / 2).toBeCloseTo(start.y + start.height / 2);
    expect(zoomLevel(zoomed, landscape)).toBeCloseTo(2);

    expect(zoomCrop(start, 1000, landscape).height).toBeCloseTo(minCropHeight(landscape));
    expect(zoomCrop(zoomed, 0.001, landscape)).toEqual(clampCrop(start, landscape));
    expect(zoomCrop(start, 0, landscape)).toBe(start);
    expect(zoomCrop(start, Number.NaN, landscape)).toBe(start);
  });

  it("keeps a zoomed-out frame inside the image when it was near an edge", () => {
    const small = moveCrop(zoomCrop(initialCrop(landscape), 3, landscape), 5000, 5000, landscape);
    const out = zoomCrop(small, 1 / 3, landscape);
    expect(inside(out, landscape)).toBe(true);
    expect(out.height).toBeCloseTo(900);
  });

  it("answers key presses: arrows move by 2 % (10 % with Shift), +/- zoom, other keys nothing", () => {
    const start = zoomCrop(initialCrop(landscape), 1.5, landscape);
    expect(keyStep(landscape, false)).toBeCloseTo(18);
    expect(cropForKey("ArrowLeft", false, start, landscape)?.x).toBeCloseTo(start.x - 18);
    expect(cropForKey("ArrowRight", true, start, landscape)?.x).toBeCloseTo(start.x + 90);
    expect(cropForKey("ArrowUp", false, start, landscape)?.y).toBeCloseTo(start.y - 18);
    expect(cropForKey("ArrowDown", false, start, landscape)?.y).toBeCloseTo(start.y + 18);
    expect(cropForKey("+", false, start, landscape)?.height).toBeCloseTo(start.height / ZOOM_STEP);
    expect(cropForKey("=", false, start, landscape)?.height).toBeCloseTo(start.height / ZOOM_STEP);
    expect(cropForKey("-", false, start, landscape)?.height).toBeCloseTo(start.height * ZOOM_STEP);
    expect(cropForKey("Home", false, start, landscape)).toEqual(initialCrop(landscape));
    expect(cropForKey("Tab", false, start, landscape)).toBeNull();
    expect(cropForKey("a", false, start, landscape)).toBeNull();
  });

  it("downscales the output to 600 px tall at most and never upscales", () => {
    expect(outputSize(initialCrop(landscape))).toEqual({ width: 467, height: 600 });
    expect(outputSize({ x: 0, y: 0, width: 70, height: 90 })).toEqual({ width: 70, height: 90 });
    expect(outputSize({ x: 0, y: 0, width: 0.2, height: 0.3 })).toEqual({ width: 1, height: 1 });
  });

  it("gives percentages to place the frame over the displayed image", () => {
    expect(cropPercentages({ x: 300, y: 90, width: 600, height: 450 }, landscape)).toEqual({
      left: 25,
      top: 10,
      width: 50,
      height: 50,
    });
  });

  it("handles images smaller than the minimum frame", () => {
    const tiny: Size = { width: 20, height: 30 };
    const start = initialCrop(tiny);
    expect(minCropHeight(tiny)).toBeCloseTo(maxCropSize(tiny).height);
    expect(zoomCrop(start, 4, tiny)).toEqual(clampCrop(start, tiny));
  });

  it("property: every operation keeps the frame inside the image with the ID aspect", () => {
    const size = fc.record({ width: fc.integer({ min: 1, max: 8000 }), height: fc.integer({ min: 1, max: 8000 }) });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("move" as const),
        dx: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        dy: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      }),
      fc.record({ kind: fc.constant("zoom" as const), factor: fc.double({ min: 0.01, max: 100, noNaN: true }) }),
      fc.record({
        kind: fc.constant("key" as const),
        key: fc.constantFrom("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "+", "-", "Home"),
        shift: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(size, fc.array(op, { maxLength: 20 }), (image, ops) => {
        let crop = initialCrop(image);
        for (const o of ops) {
          crop =
            o.kind === "move"
              ? moveCrop(crop, o.dx, o.dy, image)
              : o.kind === "zoom"
                ? zoomCrop(crop, o.factor, image)
                : (cropForKey(o.key, o.shift, crop, image) ?? crop);
          expect(inside(crop, image)).toBe(true);
          expect(aspectOf(crop)).toBeCloseTo(ID_PHOTO_ASPECT, 6);
          expect(crop.height).toBeLessThanOrEqual(maxCropSize(image).height + 1e-9);
          expect(crop.height).toBeGreaterThanOrEqual(minCropHeight(image) - 1e-9);
        }
      }),
    );
  });
});
