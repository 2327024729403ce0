import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { gridProblem, presets, type GridLayout, type Offsets } from "../../print/layouts";
import { dieOf, gridOf, type PrintSettings } from "../../print/settings";
import { saveFile } from "../../browser/save-file";
import { Button, Details, NativeCheckbox, NativeSelect, NativeTextField, Section } from "../../ui";

const gridKeys = [
  "columns",
  "rows",
  "left",
  "top",
  "pitchX",
  "pitchY",
] as const satisfies readonly (keyof GridLayout)[];

/** A number typed in millimetres (a comma is a decimal point, as French writes it); NaN when not a number. */
const parseMm = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", ".")));

/** A number field that keeps what is typed ("1," on the way to "1,5") and reports numbers. */
function MmField({
  label,
  value,
  onChange,
  step = "0.1",
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  step?: string;
}) {
  const { i18n } = useTranslation();
  // Written as the reader writes decimals ("1,5" in French); both forms are read back.
  const [text, setText] = useState(() =>
    i18n.language.startsWith("fr") ? String(value).replace(".", ",") : String(value),
  );
  return (
    <NativeTextField
      label={label}
      value={text}
      inputMode="decimal"
      step={step}
      onChange={(next) => {
        setText(next);
        onChange(parseMm(next));
      }}
      className="w-32"
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

/** The sheet layout, sides, crop marks and the printer's calibration, as the batch screen edits them. */
export function SheetSettingsForm({
  settings,
  onChange,
}: {
  settings: PrintSettings;
  onChange: (settings: PrintSettings) => void;
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
        [side]: { ...settings.offsets[side], [axis]: Number.isFinite(value) ? value : 0 },
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
            label: `${t(`card:print.layout.presets.${preset.id}`)} — ${preset.product}`,
          })),
          { value: "custom", label: t("card:print.layout.custom") },
        ]}
        onChange={(layout) => onChange({ ...settings, layout, custom: layout === "custom" ? grid : settings.custom })}
        className="max-w-xl"
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
                onChange={(value) => onChange({ ...settings, custom: { ...settings.custom, [key]: value } })}
              />
            ))}
          </div>
        </fieldset>
      )}
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
