import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../i18n/format";
import { Spinner } from "../../ui/Spinner";
import { NativeButton } from "../../ui/NativeButton";
import type { usePagedListScreen } from "./use-paged-list-screen";

/**
 * Previous or next. Unavailable (no such page) or busy (a page is loading), it stays a focusable button
 * (aria-disabled) that ignores presses: a keyboard user who pressed Next keeps focus there, page after page,
 * where a disabled button would drop focus to the top of the document.
 */
function PagerButton({
  available,
  busy,
  onPress,
  children,
}: {
  available: boolean;
  busy: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <NativeButton
      variant="secondary"
      size="sm"
      aria-disabled={!available || busy || undefined}
      data-disabled={!available || undefined}
      className={available && busy ? "cursor-wait" : undefined}
      onClick={available && !busy ? onPress : undefined}
    >
      {children}
    </NativeButton>
  );
}

/** Previous / next with "x of y" (common:pageOf). */
export function Pager({
  page,
  totalPages,
  hasPrevious,
  hasNext,
  busy,
  onPrevious,
  onNext,
}: {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("common:pagination.label")} className="flex flex-wrap items-center justify-end gap-3">
      <PagerButton available={hasPrevious} busy={busy} onPress={onPrevious}>
        {t("common:actions.previous")}
      </PagerButton>
      <span className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        {t("common:pageOf", { page, total: totalPages })}
      </span>
      <PagerButton available={hasNext} busy={busy} onPress={onNext}>
        {t("common:actions.next")}
      </PagerButton>
    </nav>
  );
}

/** Under a list: a spinner while another page loads (the rows stay), and previous/next with "x of y". */
export function ListFooter({
  list,
  initialLoading,
  loadingLabel,
}: {
  list: Pick<ReturnType<typeof usePagedListScreen>, "loading" | "info" | "next" | "previous">;
  initialLoading: boolean;
  loadingLabel: string;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? i18n.language);
  const { first, last, count } = list.info;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="flex min-h-6 items-center gap-3">
        {count > 0 && (
          <span className="text-sm text-fg-muted tabular-nums">
            {t("common:range", { first: number.format(first), last: number.format(last), total: number.format(count) })}
          </span>
        )}
        {list.loading && !initialLoading && <Spinner size="sm" label={loadingLabel} />}
      </span>
      {list.info.totalPages > 0 && (
        <Pager
          page={list.info.page}
          totalPages={list.info.totalPages}
          hasPrevious={list.info.hasPrevious}
          hasNext={list.info.hasNext}
          busy={list.loading}
          onPrevious={list.previous}
          onNext={list.next}
        />
      )}
    </div>
  );
}
