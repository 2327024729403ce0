import { useTranslation } from "react-i18next";
import { usePickupOffice } from "../../app/runtime-context";

/**
 * Where cards are collected and lost ones reported: config.json's `pickupOffice`, else the office of the site's
 * contact block (docs/assumptions.md).
 */
export const useOfficeName = (): string => {
  const { t } = useTranslation();
  return usePickupOffice() ?? t("home:contact.address1");
};
