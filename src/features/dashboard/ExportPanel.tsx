import { useEffect, useId } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { exportMachine, exportTargets, type ExportTarget } from "../../machines/export";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ProgressBar } from "../../ui/ProgressBar";
import { toast } from "../../ui/toast";
import { useProvidedMachine } from "../../machines/implementations";

export interface ExportItemProps {
  readonly target: ExportTarget;
}

const DownloadIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 shrink-0">
    <path
      d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M3 13h10"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** One "Export Card Data" download: its own machine, progress while running, an error with Retry, a toast when saved. */
export const ExportItem = ({ target }: ExportItemProps) => {
  const { t } = useTranslation();
  const errorId = useId();
  const actor = useActorRef(useProvidedMachine(exportMachine), { input: { target } });
  const status = useSelector(actor, (s) => s.value);
  const format = useSelector(actor, (s) => s.context.format);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const label = t(`dashboard:export.${target}`);

  useEffect(() => {
    const subscription = actor.on("exported", (event) => {
      toast.success(t("dashboard:export.done", { fileName: event.fileName }));
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);

  return (
    <li className="flex flex-col gap-2">
      <Button
        variant={target === "all" ? "primary" : "secondary"}
        className="w-full justify-start"
        isPending={busy && format === "csv"}
        aria-describedby={status === "failed" ? errorId : undefined}
        onPress={() => actor.send({ type: "EXPORT" })}
      >
        <DownloadIcon />
        {label}
      </Button>
      <Button
        size="sm"
        variant="quiet"
        className="self-start"
        isPending={busy && format === "excel-fr"}
        aria-label={t("dashboard:export.excelLabel", { label })}
        onPress={() => actor.send({ type: "EXPORT", format: "excel-fr" })}
      >
        <DownloadIcon />
        {t("dashboard:export.excel")}
      </Button>
      {busy && <ProgressBar isIndeterminate label={t("dashboard:export.running")} />}
      {status === "failed" && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-error-bg p-3 text-sm text-error-fg"
        >
          <p id={errorId}>
            <span className="font-semibold">{t("dashboard:export.failed")}</span> — {t(errorKey ?? "errors:generic")}
          </p>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t("common:actions.retry")} — ${label}`}
            onPress={() => actor.send({ type: "RETRY" })}
          >
            {t("common:actions.retry")}
          </Button>
        </div>
      )}
    </li>
  );
};

/** "Export Card Data" (docs/spec.md §2): students, staff, teachers and all cards, each its own download. */
export const ExportPanel = () => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card>
      <section aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {t("dashboard:exportCardData")}
          </h2>
          <p className="text-sm text-fg-muted">{t("dashboard:export.description")}</p>
        </div>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {exportTargets.map((target) => (
            <ExportItem key={target} target={target} />
          ))}
        </ul>
      </section>
    </Card>
  );
};
