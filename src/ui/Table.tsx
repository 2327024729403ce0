import { Children, createContext, Fragment, isValidElement, useContext, type ReactElement, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { cx } from "./classes";

/**
 * Lists are native tables, not react-aria's grid: a page of a list re-rendered through the grid's collection
 * cost ~120 ms of script per page change on the bench machine (≈ 480 ms on a phone-speed CPU), a native table
 * a few. Keyboard users move through a row's links and buttons with Tab, as on any page; screen readers get
 * a table with column headers and a row header per row.
 */
const ColumnCount = createContext(1);

export interface TableProps {
  readonly children: ReactNode;
  /** Classes of the scroll container (the table scrolls horizontally on phones). */
  readonly containerClassName?: string;
  readonly className?: string;
  readonly "aria-label"?: string;
  readonly "aria-labelledby"?: string;
  readonly "aria-busy"?: boolean;
}

/** The number of columns the header declares (the empty state's cell spans them). */
const columnsOf = (children: ReactNode): number => {
  let count = 1;
  Children.forEach(children, (child) => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === TableHeader) count = Math.max(1, Children.count(child.props.children));
  });
  return count;
};

/** Needs an `aria-label` or `aria-labelledby`. */
export function Table({ containerClassName, className, children, ...aria }: TableProps) {
  return (
    <div className={cx("w-full overflow-x-auto rounded-lg border border-border bg-surface", containerClassName)}>
      <ColumnCount.Provider value={columnsOf(children)}>
        <table {...aria} className={cx("w-full min-w-max border-collapse text-sm text-fg", className)}>
          {children}
        </table>
      </ColumnCount.Provider>
    </div>
  );
}

export function TableHeader({ children }: { readonly children: ReactNode }) {
  return (
    <thead className="border-b border-border bg-surface-2">
      <tr>{children}</tr>
    </thead>
  );
}

export function Column({ className, children, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" {...props} className={cx("px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wide text-fg-muted", className)}>
      {children}
    </th>
  );
}

export interface TableBodyProps<T extends { readonly id: string | number }> {
  readonly items: readonly T[];
  /** Shown in a single full-width cell when there are no rows (e.g. t("demand:empty")). */
  readonly emptyState?: ReactNode;
  readonly children: (item: T) => ReactElement;
}

export function TableBody<T extends { readonly id: string | number }>({ items, emptyState, children }: TableBodyProps<T>) {
  const columns = useContext(ColumnCount);
  return (
    <tbody>
      {items.length === 0 && emptyState !== undefined ? (
        <tr>
          <td colSpan={columns} className="px-3 py-10 text-center text-fg-muted">
            {emptyState}
          </td>
        </tr>
      ) : (
        items.map((item) => <Fragment key={item.id}>{children(item)}</Fragment>)
      )}
    </tbody>
  );
}

export function Row({ className, children }: { readonly className?: string; readonly children: ReactNode }) {
  return <tr className={cx("border-b border-border last:border-b-0 hover:bg-surface-2", className)}>{children}</tr>;
}

export interface CellProps extends Omit<TdHTMLAttributes<HTMLTableCellElement>, "children"> {
  readonly children?: ReactNode;
  /** The cell that names its row (the code, the username): a row header for screen readers. */
  readonly rowHeader?: boolean;
}

/**
 * A cell's content wraps within a readable width: one very long value (a 5,000-character name) must not widen
 * the table past the screen and push the other columns' buttons out of reach; the full text stays in the page.
 * `dir="auto"` isolates it too: a right-to-left override in one value cannot turn the rest of the row around.
 */
export function Cell({ children, rowHeader = false, className, ...props }: CellProps) {
  const classes = cx("px-3 py-2.5 text-start align-middle", className);
  const content = <div dir="auto" className="max-w-[28rem] [overflow-wrap:anywhere]">{children}</div>;
  return rowHeader ? (
    <th scope="row" {...props} className={classes}>
      {content}
    </th>
  ) : (
    <td {...props} className={classes}>
      {content}
    </td>
  );
}
