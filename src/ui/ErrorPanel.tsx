import { useTranslation } from "react-i18next";
import { Button } from "./Button";

export interface ErrorPanelProps {
  /** What failed, already translated (e.g. "Loading error"). */
  readonly message: string;
  /** Why, when it adds something (e.g. the network or server message). */
  readonly detail?: string | null;
  readonly onRetry?: () => void;
}

/** A failure in place of the content that could not load: announced, worded, with Retry when it makes sense. */
export function ErrorPanel({ message, detail, onRetry }: ErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger-text/40 bg-error-bg p-4 text-error-fg"
    >
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{message}</p>
        {detail && detail !== message && <p className="text-sm">{detail}</p>}
      </div>
      {onRetry && (
        <Button variant="secondary" size="sm" onPress={onRetry}>
          {t("common:actions.retry")}
        </Button>
      )}
    </div>
  );
}
