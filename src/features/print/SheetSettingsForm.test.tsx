// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { defaultPrintSettings, type PrintSettings } from "../../print/settings";
import { SheetSettingsForm } from "./SheetSettingsForm";

const renderForm = () => {
  const changes: PrintSettings[] = [];
  function Harness() {
    const [settings, setSettings] = useState(defaultPrintSettings);
    return (
      <SheetSettingsForm
        settings={settings}
        onChange={(next) => {
          changes.push(next);
          setSettings(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { changes };
};

describe("SheetSettingsForm", () => {
  it.each([
    [
      "fr",
      "Calibrer l'imprimante",
      "Recto : décalage horizontal (mm)",
      "Saisissez un nombre de millimètres, par exemple 1,5 ou -0,5.",
    ],
    [
      "en",
      "Calibrate the printer",
      "Front: horizontal shift (mm)",
      "Enter a number of millimetres, for example 1.5 or -0.5.",
    ],
  ] as const)(
    "%s: a calibration field refuses what is not a number, says so, and keeps the shift",
    async (lang, title, label, message) => {
      await setupTestI18n(lang);
      const { changes } = renderForm();
      await userEvent.click(screen.getByText(title));
      const field = screen.getByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, "1,5");
      expect(changes.at(-1)?.offsets.front.x).toBe(1.5);
      expect(field.getAttribute("aria-invalid")).toBeNull();

      await userEvent.clear(field);
      await userEvent.type(field, "un");
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByText(message)).toBeVisible();
      expect(field.getAttribute("aria-describedby")).toContain(screen.getByText(message).id);
      // The last number typed stays applied (not 0).
      expect(changes.at(-1)?.offsets.front.x).toBe(1.5);

      await userEvent.clear(field);
      await userEvent.type(field, "-0.5");
      expect(field.getAttribute("aria-invalid")).toBeNull();
      expect(changes.at(-1)?.offsets.front.x).toBe(-0.5);
    },
  );

  it.each([
    ["fr", "A4, 10 cartes prédécoupées — Avery Zweckform C32011-10, Geha A4 (10 cartes de 85 × 54 mm)"],
    ["en", "A4, 10 pre-cut cards — Avery Zweckform C32011-10, Geha A4 (10 cards of 85 × 54 mm)"],
  ] as const)("%s: the presets' product names are translated", async (lang, name) => {
    await setupTestI18n(lang);
    renderForm();
    expect(screen.getByRole("option", { name })).toBeTruthy();
    const other = lang === "fr" ? /cards|by hand|per page/ : /cartes|main|par page/;
    for (const option of screen.getAllByRole("option")) expect(option.textContent).not.toMatch(other);
  });
});
