import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NativeButton as Button } from "../../ui/NativeButton";
import { RequiredMark } from "../../ui/NativeFieldParts";
import { Spinner } from "../../ui/Spinner";
import { whenIdle } from "../../browser/when-idle";
import { loadQuietly } from "../shell/chunk-load";

// The crop dialog (the canvas work, the crop frame) is not part of the step's script: once the browser is idle
// after the field appears, it is fetched and evaluated while the applicant reads the step, so that on a slow phone a
// tap on Add only renders it. That early load fails quietly (no reload while the applicant types, nothing tried
// offline); the tap asks again.
type DialogProps = Parameters<typeof import("./PhotoDialog").PhotoDialog>[0];
type DialogView = (props: DialogProps) => ReactNode;

let dialogView: Promise<DialogView> | undefined;
/**
 * The dialog, once its code is in: rendered as it is, it shows in the tap's own render. Behind `lazy` it would
 * suspend once more, and React reveals what a boundary held back no sooner than 300 ms after its fallback.
 */
let loadedView: DialogView | undefined;
const loadDialog = () =>
  (dialogView ??= import("./PhotoDialog").then(
    (dialog) => {
      loadedView = dialog.PhotoDialog;
      return dialog.PhotoDialog;
    },
    (error: unknown) => {
      dialogView = undefined;
      throw error;
    },
  ));
const preloadDialog = () => {
  if (navigator.onLine) void loadQuietly(loadDialog).catch(() => undefined);
};

/** Where the dialog's code could not be loaded: asked for again by `lazy`, whose failure the page handles as any. */
const RetriedDialog = lazy(() => loadDialog().then((View) => ({ default: View })));

export interface PhotoFieldProps {
  /** id of the group (the error summary links to it; focus lands on its first button). */
  readonly id: string;
  readonly label: string;
  readonly description?: string | undefined;
  readonly isRequired?: boolean;
  /** The cropped photo as a data URL, or null. */
  readonly value: string | null;
  readonly errorMessage?: string | undefined;
  readonly onChange: (dataUrl: string | null) => void;
}

/** The photo of a form: a preview with Change / Remove, or an Add button; both open the crop dialog. */
export function PhotoField({ id, label, description, isRequired, value, errorMessage, onChange }: PhotoFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Set at the first tap, once the dialog's code is in, and kept. Until then a tap shows the button busy.
  const [dialog, setDialog] = useState<{ readonly View: ComponentType<DialogProps> } | null>(null);
  const opening = open && !dialog;
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const actionsRef = useRef<HTMLDivElement>(null);
  const removed = useRef(false);

  useEffect(() => whenIdle(preloadDialog), []);

  // After Remove, focus goes to the Add button that replaced the preview rather than to the page.
  useEffect(() => {
    if (!value && removed.current) {
      removed.current = false;
      actionsRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
    }
  }, [value]);

  const describedBy =
    [description ? descriptionId : null, errorMessage ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div id={id} role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
        <RequiredMark show={Boolean(isRequired)} />
      </span>
      {description && (
        <p id={descriptionId} className="text-sm text-fg-muted">
          {description}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-4">
        {value ? (
          <img
            src={value}
            alt={t("registration:wizard.photoAlt")}
            className="aspect-[35/45] w-28 rounded-md border border-border object-cover"
          />
        ) : (
          <p className="text-sm text-fg-muted">{t("registration:photoDialog.none")}</p>
        )}
        <div ref={actionsRef} className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-busy={opening || undefined}
            onClick={() => {
              setOpen(true);
              if (dialog) return;
              if (loadedView) return setDialog({ View: loadedView });
              // Set once loaded rather than suspended on: React would reveal it no sooner than 300 ms after.
              loadDialog().then(
                (View) => setDialog((chosen) => chosen ?? { View }),
                () => setDialog((chosen) => chosen ?? { View: RetriedDialog }),
              );
            }}
          >
            {opening && <Spinner size="sm" />}
            {value ? t("registration:photoDialog.change") : t("registration:photoDialog.add")}
          </Button>
          {value && (
            <Button
              variant="quiet"
              onClick={() => {
                removed.current = true;
                onChange(null);
              }}
            >
              {t("registration:photoDialog.remove")}
            </Button>
          )}
        </div>
      </div>
      {errorMessage && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {errorMessage}
        </p>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <dialog.View isOpen={open} onOpenChange={setOpen} onDone={onChange} />
        </Suspense>
      )}
    </div>
  );
}
