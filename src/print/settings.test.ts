// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { presets } from "./layouts";
import { defaultPrintSettings, gridOf, readPrintSettings, writePrintSettings } from "./settings";

describe("print settings (per browser, as the printer it sends to)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the layout, sides, crop marks and the measured shift", () => {
    const mine = {
      ...defaultPrintSettings,
      layout: "centred-single",
      duplex: false,
      cropMarks: true,
      offsets: { front: { x: 1.5, y: -0.5 }, back: { x: -3, y: 2 } },
    };
    expect(writePrintSettings(mine)).toBe(true);
    expect(readPrintSettings()).toEqual(mine);
    expect(gridOf(readPrintSettings())).toEqual(presets.find((p) => p.id === "centred-single")!.grid);
  });

  it("a custom grid prints with its own numbers; one that cannot fit, or damaged storage, gives the defaults", () => {
    const custom = {
      ...defaultPrintSettings,
      layout: "custom",
      custom: { columns: 2, rows: 4, left: 10, top: 20, pitchX: 95, pitchY: 60 },
    };
    writePrintSettings(custom);
    expect(gridOf(readPrintSettings())).toEqual(custom.custom);
    writePrintSettings({ ...custom, custom: { ...custom.custom, rows: 9 } });
    expect(readPrintSettings().layout).toBe(defaultPrintSettings.layout);
    localStorage.setItem("campus-card.print-settings", "{oops");
    expect(readPrintSettings()).toEqual(defaultPrintSettings);
  });
});
