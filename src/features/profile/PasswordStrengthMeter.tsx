import { useTranslation } from "react-i18next";
import { passwordStrength, passwordStrengths, strengthKey, type PasswordStrength } from "../../forms/password";
import { Meter, type MeterTone } from "../../ui/Meter";

const tones: Record<PasswordStrength, MeterTone> = { weak: "danger", medium: "warning", strong: "success" };

export interface PasswordStrengthMeterProps {
  readonly password: string;
  readonly className?: string;
}

/**
 * Strength of a new password (docs/spec.md §2: weak, medium, strong) as a meter whose value text is the word, so screen
 * readers say "Faible"/"Moyen"/"Fort" rather than a percentage. Nothing is shown for an empty password.
 */
export const PasswordStrengthMeter = ({ password, className }: PasswordStrengthMeterProps) => {
  const { t } = useTranslation();
  if (password === "") return null;
  const strength = passwordStrength(password);
  const word = t(strengthKey(strength));
  return (
    <Meter
      className={className}
      label={t("profile:strength.label")}
      value={passwordStrengths.indexOf(strength) + 1}
      minValue={0}
      maxValue={passwordStrengths.length}
      valueLabel={word}
      tone={tones[strength]}
      data-strength={strength}
    />
  );
};
