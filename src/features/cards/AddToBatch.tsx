import { useTranslation } from "react-i18next";
import type { AnyKind } from "../../kinds";
import type { AnyCard } from "../../machines/card-lifecycle";
import { batchCardOf } from "../../machines/print-picker";
import { MAX_BATCH, addToBatch, readBatch, writeBatch } from "../../print/batch";
import { useBatchSize } from "../../print/use-batch-size";
import { Button } from "../../ui/Button";
import { Link } from "../../ui/Link";
import { toast } from "../../ui/toast";

export interface AddToBatchProps {
  readonly kind: AnyKind;
  readonly card: AnyCard;
  /** The signed-in agent, whose print batch this is. */
  readonly username: string;
}

/**
 * "Ajouter au lot d'impression" on a card's page: a replacement or a reprint joins the agent's batch without
 * finding the card again in the list. A card already in the batch says so and links to it.
 */
export function AddToBatch({ kind, card, username }: AddToBatchProps) {
  const { t } = useTranslation();
  const size = useBatchSize(username, kind.id);
  const inBatch = size > 0 && readBatch(username, kind.id).some((c) => c.id === card.id);
  const add = () => {
    const result = addToBatch(readBatch(username, kind.id), [batchCardOf(kind, card, null)]);
    writeBatch(username, kind.id, result.batch);
    if (result.full) toast.error(t("card:print.list.full", { max: MAX_BATCH }));
    else toast.success(t("card:print.list.added", { count: result.added }));
  };
  return (
    <>
      {inBatch ? (
        <p className="text-sm" role="status">
          {t("card:print.detail.inBatch")}
        </p>
      ) : (
        <Button variant="secondary" onPress={add}>
          {t("card:print.detail.add")}
        </Button>
      )}
      {size > 0 && <Link href={`/dashboard/${kind.id}/print`}>{t("card:print.list.openBatch", { count: size })}</Link>}
    </>
  );
}
