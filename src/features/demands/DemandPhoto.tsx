import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { PhotoDialog } from "../photo/PhotoDialog";

/** The student's photo: the stored one (or the new one) with a Change control opening the crop dialog. */
export function DemandPhoto({
  id,
  label,
  alt,
  photo,
  changed,
  error,
  onChange,
}: {
  id: string;
  label: string;
  alt: string;
  photo: string | null;
  changed: boolean;
  error: string | undefined;
  onChange: (photo: string | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const errorId = useId();
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-2 sm:col-span-2"
    >
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div className="flex flex-wrap items-end gap-4">
        {photo ? (
          <img src={photo} alt={alt} className="aspect-[35/45] w-28 rounded-md border border-border object-cover" />
        ) : (
          <p className="text-sm text-fg-muted">{t("demand:validation.noPhoto")}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => setOpen(true)}>
            {t("demand:validation.changePhoto")}
          </Button>
          {changed && (
            <Button variant="quiet" onPress={() => onChange(null)}>
              {t("demand:validation.restorePhoto")}
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error.startsWith("validation:") ? t(error) : error}
        </p>
      )}
      <PhotoDialog camera isOpen={open} onOpenChange={setOpen} onDone={(dataUrl) => onChange(dataUrl)} />
    </div>
  );
}
