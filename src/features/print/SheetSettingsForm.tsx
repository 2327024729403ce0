import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { gridProblem, presets, type GridLayout, type Offsets } from "../../print/layouts";
import { dieOf, gridOf, type PrintSettings } from "../../print/settings";
import { saveFile } from "../../browser/save-file";
import { Button } from "../../ui/Button";
import { Section } from "../../ui/Card";
import { Details } from "../../ui/Details";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { NativeSelect } from "../../ui/NativeSelect";
import { NativeTextField } from "../../ui/NativeTextField";

const gridKeys = [
  "columns",
  "rows",
  "left",
  "top",
  "pitchX",
  "pitchY",
] as const satisfies readonly (keyof GridLayout)[];

/**
 * A number typed in millimetres (a comma is a decimal point, as French writes it); NaN when not a number.
 * Only digits, one sign and one decimal mark: `Number` would also take "0x10", "1e3" or "Infinity".
 */
export const parseMm = (text: string): number => {
  const trimmed = text.trim();
  return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
};

/** Still being typed: a sign alone, or nothing yet (said only once the field is left). */
const unfinished = (text: string) => /^[+-]?$/.test(text.trim());

/**
 * A number field that keeps what is typed ("1," on the way to "1,5"), reports numbers, and says so when what is
 * typed is none; `onInvalid` is told of it (NaN) or not told at all, as the field's owner chooses.
 */
function MmField({
  label,
  value,
  onChange,
  reportInvalid = false,
  step = "0.1",
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Hand NaN to onChange when the text is no number (a grid, which then refuses to print); else keep the last number. */
  reportInvalid?: boolean;
  step?: string;
}) {
  const { t, i18n } = useTranslation();
  // Written as the reader writes decimals ("1,5" in French); both forms are read back.
  const [text, setText] = useState(() =>
    i18n.language.startsWith("fr") ? String(value).replace(".", ",") : String(value),
  );
  const [left, setLeft] = useState(false);
  const wrong = Number.isNaN(parseMm(text)) && (left || !unfinished(text));
  return (
    <NativeTextField
      label={label}
      value={text}
      inputMode="decimal"
      step={step}
      errorMessage={wrong ? t("card:print.layout.notNumber") : undefined}
      onBlur={() => setLeft(true)}
      onChange={(next) => {
        setText(next);
        setLeft(false);
        const parsed = parseMm(next);
        if (reportInvalid || !Number.isNaN(parsed)) onChange(parsed);
      }}
      className="w-40"
    />
  );
}

/** Writes the calibration sheet for the current layout and offsets and hands it to the browser. */
const downloadCalibration = async (
  settings: PrintSettings,
  texts: { title: string; instructions: string; backTitle: string },
  fileName: string,
) => {
  const { calibrationSheet } = await import("../../print/compose");
  const bytes = await calibrationSheet(gridOf(settings), {
    duplex: settings.duplex,
    offsets: settings.offsets,
    die: dieOf(settings),
    texts,
  });
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
  saveFile({ file: { blob, fileName, contentType: blob.type }, fileName });
};

/**
 * The sheet layout, sides, crop marks and the printer's calibration, as the batch screen edits them; `children`
 * (the batch's first free position) follow the layout they depend on.
 */
export function SheetSettingsForm({
  settings,
  onChange,
  children,
}: {
  settings: PrintSettings;
  onChange: (settings: PrintSettings) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const problemId = useId();
  const grid = gridOf(settings);
  const problem = gridProblem(grid, dieOf(settings));
  const setOffset = (side: keyof Offsets, axis: "x" | "y", value: number) =>
    onChange({
      ...settings,
      offsets: {
        ...settings.offsets,
        [side]: { ...settings.offsets[side], [axis]: value },
      },
    });

  return (
    <Section title={t("card:print.layout.title")} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
      <NativeSelect
        label={t("card:print.layout.label")}
        value={settings.layout}
        options={[
          ...presets.map((preset) => ({
            value: preset.id as string,
            label: `${t(`card:print.layout.presets.${preset.id}`)} — ${t(`card:print.layout.products.${preset.id}`)}`,
          })),
          { value: "custom", label: t("card:print.layout.custom") },
        ]}
        onChange={(layout) => onChange({ ...settings, layout, custom: layout === "custom" ? grid : settings.custom })}
        className="max-w-3xl"
      />
      {settings.layout === "custom" && (
        <fieldset className="flex flex-col gap-2" aria-describedby={problem ? problemId : undefined}>
          <legend className="mb-2 text-sm font-semibold">{t("card:print.layout.customLegend")}</legend>
          <div className="flex flex-wrap gap-3">
            {gridKeys.map((key) => (
              <MmField
                key={key}
                label={t(`card:print.layout.fields.${key}`)}
                value={settings.custom[key]}
                step={key === "columns" || key === "rows" ? "1" : "0.1"}
                reportInvalid
                onChange={(value) => onChange({ ...settings, custom: { ...settings.custom, [key]: value } })}
              />
            ))}
          </div>
        </fieldset>
      )}
      {problem === null && children}
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-danger-text">
          {t(problem)}
        </p>
      )}
      <NativeCheckbox
        id="print-duplex"
        name="duplex"
        checked={settings.duplex}
        onChange={(duplex) => onChange({ ...settings, duplex })}
      >
        {t("card:print.layout.duplex")}
      </NativeCheckbox>
      <NativeCheckbox
        id="print-crop"
        name="cropMarks"
        checked={settings.cropMarks}
        onChange={(cropMarks) => onChange({ ...settings, cropMarks })}
      >
        {t("card:print.layout.cropMarks")}
      </NativeCheckbox>
      <Details summary={t("card:print.calibration.title")}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted">{t("card:print.calibration.help")}</p>
          <div>
            <Button
              variant="secondary"
              isDisabled={problem !== null}
              onPress={() =>
                void downloadCalibration(
                  settings,
                  {
                    title: t("card:print.calibration.sheetTitle"),
                    instructions: t("card:print.calibration.sheetHelp"),
                    backTitle: t("card:print.calibration.backTitle"),
                  },
                  `${t("card:print.calibration.fileName")}.pdf`,
                )
              }
            >
              {t("card:print.calibration.download")}
            </Button>
          </div>
          <div className="flex flex-wrap gap-3">
            <MmField
              label={t("card:print.calibration.frontX")}
              value={settings.offsets.front.x}
              onChange={(v) => setOffset("front", "x", v)}
            />
            <MmField
              label={t("card:print.calibration.frontY")}
              value={settings.offsets.front.y}
              onChange={(v) => setOffset("front", "y", v)}
            />
            {settings.duplex && (
              <>
                <MmField
                  label={t("card:print.calibration.backX")}
                  value={settings.offsets.back.x}
                  onChange={(v) => setOffset("back", "x", v)}
                />
                <MmField
                  label={t("card:print.calibration.backY")}
                  value={settings.offsets.back.y}
                  onChange={(v) => setOffset("back", "y", v)}
                />
              </>
            )}
          </div>
        </div>
      </Details>
    </Section>
  );
}
