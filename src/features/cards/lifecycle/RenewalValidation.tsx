import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { AnyKind } from "../../../kinds";
import { useProvidedMachine } from "../../../machines/implementations";
import { renewalValidationMachine, type RenewalDemand } from "../../../machines/renewal-validation";
import { Button } from "../../../ui/Button";
import { Section } from "../../../ui/Card";
import { Link } from "../../../ui/Link";
import { ProgressBar } from "../../../ui/ProgressBar";

/**
 * The renewal demands a bulk renewal made, validated in bulk from its report rather than one by one, with the same
 * checks; then its own report: validated, and left for the validation screen with why.
 */
export function RenewalValidation({
  kind,
  demands,
}: {
  readonly kind: AnyKind;
  readonly demands: readonly RenewalDemand[];
}) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(useProvidedMachine(renewalValidationMachine), { input: { kind, demands } });
  const { context } = snapshot;
  const { report } = context;
  return (
    <Section title={t("card:renewal.validation.title")} level={3}>
      {snapshot.matches("idle") && (
        <>
          <p className="text-sm">{t("card:renewal.validation.help", { count: demands.length })}</p>
          <div>
            <Button onPress={() => send({ type: "VALIDATE_ALL" })}>
              {t("card:renewal.validation.run", { count: demands.length })}
            </Button>
          </div>
        </>
      )}
      {snapshot.hasTag("busy") && (
        <ProgressBar
          label={t("card:renewal.validation.validating")}
          value={context.done}
          maxValue={demands.length}
          valueLabel={t("card:renewal.progress", { done: context.done, total: demands.length })}
        />
      )}
      {snapshot.matches("done") && (
        <>
          <p role="status">
            {t("card:renewal.validation.summary", { validated: report.validated.length, left: report.left.length })}
          </p>
          {report.left.length > 0 && (
            <ul className="flex flex-col gap-1">
              {report.left.map(({ demand, reasonKey }) => (
                <li key={demand.id}>
                  <Link href={`/dashboard/${kind.id}/demand/validation/${demand.id}`}>{demand.code}</Link>{" "}
                  {t("card:renewal.validation.leftRow", { name: demand.name, reason: t(reasonKey) })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
