import { useTranslation } from "react-i18next";
import { useContact, usePickupOffice } from "../../app/runtime-context";

/**
 * Where cards are collected and lost ones reported: config.json's `pickupOffice`, else the first line of the site's
 * contact address, else "the card office" (docs/assumptions.md).
 */
export const useOfficeName = (): string => {
  const { t } = useTranslation();
  const pickupOffice = usePickupOffice();
  const { address } = useContact();
  return pickupOffice ?? address?.[0] ?? t("home:contact.office");
};
