import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import type { Tracked } from "../../api/schemas";
import { useProvidedMachine } from "../../machines/implementations";
import { demandCorrectionMachine, namedFields } from "../../machines/demand-correction";
import { NativeButton } from "../../ui/NativeButton";
import { FieldControl } from "../forms/FieldControl";
import { useLang } from "../lists/use-lang";
import { TrackForm } from "./TrackForm";

/**
 * On /track, a request waiting for a correction (extension `correction`): the fields the agent named, empty, to type
 * again and send. Once sent the request is received again (`onSent`).
 */
export function CorrectionForm({
  kind,
  code,
  register,
  fields,
  onSent,
}: {
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
  readonly fields: readonly string[];
  readonly onSent: (result: Tracked) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [snapshot, send] = useMachine(useProvidedMachine(demandCorrectionMachine), {
    input: { kind, code, register, fields },
  });
  const { context } = snapshot;
  const sending = snapshot.matches("sending");
  useEffect(() => {
    if (context.result) onSent(context.result);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, when the correction went through
  }, [context.result]);
  const shown = namedFields(kind, fields);
  if (shown.length === 0) return null;
  return (
    <TrackForm
      label={t("registration:correction.title")}
      gap="gap-4"
      errorKey={context.errorKey}
      onSubmit={() => send({ type: "SUBMIT" })}
      intro={
        <>
          <h3 className="text-lg font-semibold">{t("registration:correction.title")}</h3>
          <p className="text-sm text-fg-muted">{t("registration:correction.intro")}</p>
        </>
      }
    >
      {shown.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          values={context.values}
          error={context.fieldErrors[field.name]}
          referenceData={null}
          listsStatus="ready"
          lang={lang}
          onChange={(value) => send({ type: "CHANGE", field: field.name, value })}
        />
      ))}
      <NativeButton type="submit" aria-disabled={sending || undefined} className="sm:self-start">
        {sending ? t("registration:correction.sending") : t("registration:correction.submit")}
      </NativeButton>
    </TrackForm>
  );
}
