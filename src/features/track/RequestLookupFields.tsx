import { useTranslation } from "react-i18next";
import { kindIds, type KindId } from "../../api/kind-ids";
import { isKindId } from "../../kinds";
import { NativeRadioGroup } from "../../ui/NativeRadioGroup";
import { NativeTextField } from "../../ui/NativeTextField";

export interface RequestLookupFieldsProps {
  /** The form's id: each field's id starts with it. */
  readonly id: string;
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
  readonly fieldErrors: Partial<Record<"code" | "register", string>>;
  /** The form's error under the fields, when the look-up found nothing: both fields point at it. */
  readonly errorId: string | undefined;
  readonly onKind: (kind: KindId) => void;
  readonly onChange: (field: "code" | "register", value: string) => void;
}

/**
 * What names a sent request on the public pages (/track, the digital card): the kind of card, the receipt's code and
 * the registration number.
 */
export function RequestLookupFields(props: RequestLookupFieldsProps) {
  const { id, kind, fieldErrors, errorId, onKind, onChange } = props;
  const { t } = useTranslation();
  const text = (field: "code" | "register", label: string, hint?: string) => (
    <NativeTextField
      id={`${id}-${field}`}
      name={field}
      label={label}
      {...(hint === undefined ? {} : { description: hint })}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
      isRequired
      value={props[field]}
      onChange={(value) => onChange(field, value)}
      errorMessage={fieldErrors[field] ? t(fieldErrors[field]) : undefined}
      invalidBy={errorId}
    />
  );
  return (
    <>
      <NativeRadioGroup
        id={`${id}-kind`}
        name="kind"
        label={t("registration:track.kindLabel")}
        options={kindIds.map((value) => ({ value, label: t(`registration:result.kind.${value}`) }))}
        value={kind}
        onChange={(value) => isKindId(value) && onKind(value)}
      />
      {text("code", t("registration:track.codeLabel"), t("registration:track.codeHint"))}
      {text("register", t("registration:track.registerLabel"))}
    </>
  );
}
