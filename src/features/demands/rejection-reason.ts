import type { TFunction } from "i18next";
import { rejectionReasons } from "../../api/schemas";
import { isOneOf } from "../../api/one-of";

/** A rejection's reason in the reader's language; one this app does not know is shown as the server wrote it. */
export const rejectionReasonLabel = (t: TFunction, reason: string): string =>
  isOneOf(rejectionReasons, reason) ? t(`demand:reject.reasons.${reason}`) : reason;
