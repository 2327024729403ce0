import { getI18n } from "react-i18next";
import { toast } from "../ui/toast";

/** What a refused storage write costs the user: each is said once per page load. */
export type StorageLoss = "session" | "draft" | "edits" | "demo";

const said = new Set<StorageLoss>();

/**
 * The browser refused to store something (storage full or disabled): the app goes on in memory and says, once,
 * politely, what will not survive a reload.
 */
export const noticeStorageFailure = (what: StorageLoss): void => {
  if (said.has(what)) return;
  said.add(what);
  toast.warning(getI18n().t(`errors:storageLost.${what}`));
};
