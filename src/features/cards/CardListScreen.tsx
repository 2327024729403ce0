import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useReferenceData } from "../../app/reference-data";
import { optionOf } from "../../forms/cascade";
import { formatDateTime } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import type { AnyCard } from "../../machines/card-lifecycle";
import { cardPageFetcher, createPagedListMachine, type FetchPage } from "../../machines/paged-list";
import { Cell, Column, Link, Row, Spinner, Table, TableBody, TableHeader } from "../../ui";
import type { CardListQuery } from "../demands/list-query";
import {
  DebouncedSearchField,
  ErrorPanel,
  ListFilter,
  type FilterOption,
  ListFooter,
  StatusBadge,
  useLang,
  usePagedListScreen,
  type QueryChangeOptions,
} from "../demands/shared";

const cardListMachine = createPagedListMachine<AnyCard, number | null>();
const ALL = "all";

export interface CardListScreenProps {
  readonly kind: AnyKind;
  readonly query: CardListQuery;
  readonly onQueryChange: (query: CardListQuery, options?: QueryChangeOptions) => void;
  /** Tests pass a stub; the kind's API list by default. */
  readonly fetchPage?: FetchPage<AnyCard, number | null>;
}

/** The card's holder as listed: last name (when the card carries it) then first name. */
export const cardHolderName = (card: AnyCard): string =>
  [("lastname" in card ? card.lastname : undefined) ?? "", card.firstname].join(" ").trim();

/** Spec §2 card list of one kind: search, faculty or service filter, table, previous/next with "x of y". */
export function CardListScreen({ kind, query, onQueryChange, fetchPage }: CardListScreenProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const { data: reference } = useReferenceData();
  const list = usePagedListScreen(
    cardListMachine,
    fetchPage ?? (cardPageFetcher(kind) as unknown as FetchPage<AnyCard, number | null>),
    query,
    onQueryChange,
  );
  const options: FilterOption<string | number>[] = [
    { id: ALL, label: t("card:filter.all") },
    ...(reference?.[kind.cardFilter] ?? []).map((item) => {
      const option = optionOf(item, lang);
      return { id: option.id, label: option.label };
    }),
  ];
  // A filter id from the URL that the lists do not know yet (still loading) stays selectable.
  if (query.filter !== null && !options.some((option) => option.id === query.filter)) {
    options.push({ id: query.filter, label: String(query.filter) });
  }
  const initialLoading = list.loading && list.rows.length === 0;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t(`${kind.id}:cardsTitle`)}
      </h1>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <DebouncedSearchField
          label={t("card:searchLabel")}
          value={query.search}
          onSearch={(search, opts) => onQueryChange({ ...query, search, page: 1 }, opts)}
          className="w-full sm:max-w-md"
        />
        <ListFilter
          label={t(`card:filter.${kind.cardFilter}`)}
          items={options}
          selectedKey={query.filter ?? ALL}
          onChange={(key) => {
            const filter = key === ALL || key === null ? null : Number(key);
            if (filter !== query.filter && (filter === null || Number.isInteger(filter))) onQueryChange({ ...query, filter, page: 1 });
          }}
          className="w-full sm:w-72"
        />
      </div>

      {list.failed ? (
        <ErrorPanel message={t(list.errorKey ?? "errors:cardsLoadError")} onRetry={list.retry} />
      ) : (
        <>
          <Table aria-labelledby={titleId} aria-busy={list.loading || undefined}>
            <TableHeader>
              <Column>{t("card:columns.code")}</Column>
              <Column>{t("card:columns.register")}</Column>
              <Column>{t("card:columns.name")}</Column>
              <Column>{t("card:columns.status")}</Column>
              <Column>{t("card:columns.updated")}</Column>
            </TableHeader>
            <TableBody items={list.rows} emptyState={initialLoading ? <Spinner label={t("card:loading")} /> : t("card:empty")}>
              {(card) => (
                <Row>
                  <Cell rowHeader>
                    <Link href={`/dashboard/${kind.id}/card/${card.id}`} className="font-mono">
                      {card.code}
                    </Link>
                  </Cell>
                  <Cell>{card.register}</Cell>
                  <Cell>{cardHolderName(card)}</Cell>
                  <Cell>
                    {card.valid ? (
                      <StatusBadge tone="success">{t("common:status.active")}</StatusBadge>
                    ) : (
                      <StatusBadge tone="neutral">{t("common:status.inactive")}</StatusBadge>
                    )}
                  </Cell>
                  <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(card.update_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <ListFooter list={list} initialLoading={initialLoading} loadingLabel={t("card:loading")} />
        </>
      )}
    </section>
  );
}
