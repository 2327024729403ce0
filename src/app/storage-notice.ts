import { useEffect } from "react";
import { getI18n } from "react-i18next";
import type { StorageLoss, StorageLost } from "../machines/storage-lost";
import { toast } from "../ui/toast";

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

/** What hears a statechart's `storageLost`: any running actor that may emit it. */
interface EmitsStorageLost {
  on: (type: "storageLost", handler: (event: StorageLost) => void) => { unsubscribe: () => void };
}

/** Turns what `actor` reports of refused storage into the notice, while the screen that runs it is there. */
export const useStorageNotice = (actor: EmitsStorageLost): void => {
  useEffect(() => {
    const subscription = actor.on("storageLost", ({ what }) => noticeStorageFailure(what));
    return () => subscription.unsubscribe();
  }, [actor]);
};
