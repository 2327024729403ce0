import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { PhotoDialog } from "../photo/PhotoDialog";
import { NoPhotoDialog } from "./NoPhotoDialog";

/**
 * The action bar stays at the bottom of the screen (sticky), so an agent validates demand after demand without
 * scrolling.
 */
export const actionBar =
  "sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-border bg-bg px-4 py-3 sm:-mx-6 sm:gap-3 sm:px-6";

/**
 * What the browser scrolls into view (the focused field, a summary's link) stops above the action bar: the page's
 * scroll padding follows the bar's height (it wraps on a phone) while the bar is there.
 */
export const clearOfActionBar = (bar: HTMLDivElement | null) => {
  if (!bar || typeof ResizeObserver === "undefined") return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.scrollPaddingBottom = `${bar.offsetHeight + 16}px`;
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = "";
  };
};

/** Validate (as received, or with the corrections) and Validate and next: the same in the review and the form. */
export function ValidateButtons({
  validating,
  dirty,
  onValidate,
}: {
  validating: boolean;
  dirty: boolean;
  onValidate: (thenNext: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button onPress={() => onValidate(false)} isPending={validating}>
        {validating
          ? // Optimistic: the decision is shown as made while the server records it; a refusal takes it back.
            t("demand:validation.optimistic")
          : dirty
            ? t("demand:validation.withCorrections")
            : t("demand:validation.asReceived")}
      </Button>
      <Button variant="secondary" isDisabled={validating} onPress={() => onValidate(true)}>
        {t("demand:validation.validateNext")}
      </Button>
    </>
  );
}

/** Validating without a photo asks first; "Add a photo" opens the crop dialog from there. */
export function NoPhotoDialogs({
  confirming,
  addingPhoto,
  setAddingPhoto,
  onCancel,
  onConfirm,
  onPhoto,
}: {
  confirming: boolean;
  addingPhoto: boolean;
  setAddingPhoto: (open: boolean) => void;
  onCancel: () => void;
  onConfirm: () => void;
  onPhoto: (dataUrl: string) => void;
}) {
  return (
    <>
      <NoPhotoDialog
        isOpen={confirming}
        onCancel={onCancel}
        onConfirm={onConfirm}
        onAddPhoto={() => {
          onCancel();
          setAddingPhoto(true);
        }}
      />
      <PhotoDialog camera isOpen={addingPhoto} onOpenChange={setAddingPhoto} onDone={onPhoto} />
    </>
  );
}
