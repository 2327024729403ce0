import {
  Cell as RACCell,
  type CellProps,
  Column as RACColumn,
  type ColumnProps,
  Row as RACRow,
  type RowProps,
  Table as RACTable,
  TableBody as RACTableBody,
  type TableBodyProps as RACTableBodyProps,
  TableHeader as RACTableHeader,
  type TableHeaderProps,
  type TableProps as RACTableProps,
} from "react-aria-components";
import type { ReactNode } from "react";
import { composeTailwindRenderProps, cx } from "./utils";

export interface TableProps extends RACTableProps {
  /** Classes of the scroll container (the table scrolls horizontally on phones). */
  containerClassName?: string;
}

/** Needs an `aria-label` or `aria-labelledby`. */
export function Table({ containerClassName, ...props }: TableProps) {
  return (
    <div className={cx("w-full overflow-x-auto rounded-lg border border-border bg-surface", containerClassName)}>
      <RACTable
        {...props}
        className={composeTailwindRenderProps(props.className, "w-full min-w-max border-collapse text-sm text-fg")}
      />
    </div>
  );
}

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return (
    <RACTableHeader
      {...props}
      className={composeTailwindRenderProps(props.className, "border-b border-border bg-surface-2")}
    />
  );
}

export function Column(props: ColumnProps) {
  return (
    <RACColumn
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wide text-fg-muted outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:-outline-offset-2",
      )}
    />
  );
}

export interface TableBodyProps<T extends object> extends Omit<RACTableBodyProps<T>, "renderEmptyState"> {
  /** Shown in a single full-width cell when there are no rows (e.g. t("demand:empty")). */
  emptyState?: ReactNode;
}

export function TableBody<T extends object>({ emptyState, ...props }: TableBodyProps<T>) {
  return (
    <RACTableBody
      {...props}
      renderEmptyState={emptyState === undefined ? undefined : () => emptyState}
      className={composeTailwindRenderProps(
        props.className,
        "[&_td[colspan]]:px-3 [&_td[colspan]]:py-10 [&_td[colspan]]:text-center [&_td[colspan]]:text-fg-muted",
      )}
    />
  );
}

export function Row<T extends object>(props: RowProps<T>) {
  return (
    <RACRow
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "border-b border-border last:border-b-0 outline-none data-[hovered]:bg-surface-2 data-[href]:cursor-pointer data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:-outline-offset-2",
      )}
    />
  );
}

/**
 * A cell's content wraps within a readable width: one very long value (a 5,000-character name) must not widen
 * the table past the screen and push the other columns' buttons out of reach; the full text stays in the page.
 * `dir="auto"` isolates it too: a right-to-left override in one value cannot turn the rest of the row around.
 */
export function Cell({ children, ...props }: CellProps) {
  return (
    <RACCell
      {...props}
      children={
        typeof children === "function"
          ? children
          : <div dir="auto" className="max-w-[28rem] [overflow-wrap:anywhere]">{children}</div>
      }
      className={composeTailwindRenderProps(
        props.className,
        "px-3 py-2.5 align-middle outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:-outline-offset-2",
      )}
    />
  );
}
