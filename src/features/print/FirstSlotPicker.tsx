import { useTranslation } from "react-i18next";
import { cardsPerSheet, type GridLayout } from "../../print/layouts";
import { NativeSelect } from "../../ui/NativeSelect";

export interface FirstSlotPickerProps {
  readonly grid: GridLayout;
  /** 0-based, row by row. */
  readonly firstSlot: number;
  /** Cards in the batch: how many of the first sheet's positions they fill. */
  readonly cards: number;
  readonly onChange: (slot: number) => void;
}

/**
 * Where the first card goes on a sheet already partly used (a pre-cut sheet put back into the printer): chosen
 * by its position, and shown on a small picture of the first sheet, so one duplicate does not waste a sheet.
 */
export function FirstSlotPicker({ grid, firstSlot, cards, onChange }: FirstSlotPickerProps) {
  const { t } = useTranslation();
  const perSheet = cardsPerSheet(grid);
  if (perSheet < 2) return null;
  const placed = Math.min(cards, perSheet - firstSlot);
  const last = firstSlot + placed;
  const cardsText = t("card:print.firstSlot.cards", { count: placed, first: firstSlot + 1, last });
  const description =
    firstSlot === 0
      ? t("card:print.firstSlot.preview", { cards: cardsText })
      : t("card:print.firstSlot.previewUsed", {
          used: t("card:print.firstSlot.used", { count: firstSlot }),
          cards: cardsText,
        });
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-6">
      <NativeSelect
        label={t("card:print.firstSlot.label")}
        value={String(firstSlot)}
        options={Array.from({ length: perSheet }, (_, slot) => ({
          value: String(slot),
          label:
            slot === 0 ? t("card:print.firstSlot.whole") : t("card:print.firstSlot.position", { position: slot + 1 }),
        }))}
        onChange={(value) => onChange(Number(value))}
        className="w-full sm:w-64"
      />
      <div
        role="img"
        aria-label={description}
        data-testid="first-sheet-preview"
        className="grid w-40 gap-1 rounded border border-border bg-surface-2 p-2"
        style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))` }}
      >
        {Array.from({ length: perSheet }, (_, slot) => {
          const state = slot < firstSlot ? "used" : slot < last ? "card" : "free";
          return (
            <span
              key={slot}
              data-slot={state}
              className={
                state === "used"
                  ? "h-5 rounded-sm bg-fg-muted/40"
                  : state === "card"
                    ? "h-5 rounded-sm bg-primary text-center text-[0.625rem] leading-5 text-on-primary"
                    : "h-5 rounded-sm border border-dashed border-border"
              }
            >
              {state === "card" ? slot + 1 : ""}
            </span>
          );
        })}
      </div>
    </div>
  );
}
