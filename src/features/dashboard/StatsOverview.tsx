import { useId } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { PendingChart } from "./PendingChart";
import { StatTiles } from "./StatTiles";
import { useProvidedMachine } from "../../machines/implementations";
import { statsMachine } from "../../machines/stats";

/** The dashboard counts: tiles, the pending-by-kind chart, skeletons while loading, an error with Retry. */
export const StatsOverview = () => {
  const { t } = useTranslation();
  const titleId = useId();
  const actor = useActorRef(useProvidedMachine(statsMachine));
  const status = useSelector(actor, (s) =>
    s.matches("failed") ? "failed" : s.matches("loading") ? "loading" : "ready",
  );
  const stats = useSelector(actor, (s) => s.context.stats);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);

  return (
    <section aria-labelledby={titleId} aria-busy={status === "loading"} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold text-fg">
        {t("dashboard:stats.title")}
      </h2>
      {status === "loading" && (
        <p role="status" className="sr-only">
          {t("dashboard:stats.loading")}
        </p>
      )}
      {status === "failed" ? (
        <ErrorPanel
          message={t("dashboard:stats.failedTitle")}
          detail={t(errorKey ?? "errors:generic")}
          onRetry={() => actor.send({ type: "RETRY" })}
        />
      ) : (
        <>
          <StatTiles stats={stats} />
          <PendingChart stats={stats} />
        </>
      )}
    </section>
  );
};
