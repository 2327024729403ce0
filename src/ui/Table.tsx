import {
  Children,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from "react";
import { cx, nativeFocusRing } from "./classes";

/**
 * Lists are native tables, not react-aria's grid: a page of a list re-rendered through the grid's collection
 * cost ~120 ms of script per page change on the bench machine (≈ 480 ms on a phone-speed CPU), a native table
 * a few. Keyboard users move through a row's links and buttons with Tab, as on any page; screen readers get
 * a table with column headers and a row header per row.
 *
 * Below the `sm` breakpoint each row is a card (values one under the other, each with its column's name), so
 * a phone never scrolls sideways. Changing a table's `display` makes some browsers drop its semantics, hence
 * the explicit roles; the visible names are hidden from screen readers, which hear the column headers.
 */
interface Columns {
  readonly count: number;
  readonly labels: readonly ReactNode[];
}
const ColumnsContext = createContext<Columns>({ count: 1, labels: [] });

export interface TableProps {
  readonly children: ReactNode;
  /** Classes of the scroll container (wide screens: the table may scroll horizontally). */
  readonly containerClassName?: string;
  readonly className?: string;
  readonly "aria-label"?: string;
  readonly "aria-labelledby"?: string;
  readonly "aria-busy"?: boolean;
}

/** The columns the header declares: how many (the empty state's cell spans them) and their names. */
const columnsOf = (children: ReactNode): Columns => {
  let labels: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === TableHeader) {
      labels = Children.toArray(child.props.children).map((column) =>
        isValidElement<{ children?: ReactNode }>(column) && typeof column.props.children === "string"
          ? column.props.children
          : null,
      );
    }
  });
  return { count: Math.max(1, labels.length), labels };
};

/**
 * Whether the element scrolls sideways: a table wider than its box must then be reachable by keyboard to be
 * scrolled (WCAG 2.1.1; axe's scrollable-region-focusable), which a table of plain text is not by itself.
 */
const useOverflowsX = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    // Measured in the observer's callback, after layout (its first call comes with observe()): no forced
    // synchronous layout while the page renders.
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
};

/**
 * The header's columns, the same object while their names are the same: every cell reads them, and a new object
 * on each render (the list turning busy) would render every cell again.
 */
const useColumns = (children: ReactNode): Columns => {
  const { count, labels } = columnsOf(children);
  const names = labels.map((label) => (typeof label === "string" ? label : "")).join("\u0000");
  return useMemo(() => ({ count, labels: names.split("\u0000").map((name) => name || null) }), [count, names]);
};

/** Needs an `aria-label` or `aria-labelledby`. */
export function Table({ containerClassName, className, children, ...aria }: TableProps) {
  const { ref: scrollRef, overflows } = useOverflowsX();
  return (
    <div
      ref={scrollRef}
      // Focusable only when it scrolls; then a group named as its table (not a landmark: a page's section may
      // already carry that name), so the stop is announced.
      {...(overflows
        ? { tabIndex: 0, role: "group", "aria-label": aria["aria-label"], "aria-labelledby": aria["aria-labelledby"] }
        : {})}
      className={cx(
        "w-full rounded-lg border border-border bg-surface sm:overflow-x-auto",
        nativeFocusRing,
        containerClassName,
      )}
    >
      <ColumnsContext.Provider value={useColumns(children)}>
        <table
          role="table"
          {...aria}
          className={cx("w-full border-collapse text-sm text-fg max-sm:block sm:min-w-max", className)}
        >
          {children}
        </table>
      </ColumnsContext.Provider>
    </div>
  );
}

export function TableHeader({ children }: { readonly children: ReactNode }) {
  return (
    <thead role="rowgroup" className="border-b border-border bg-surface-2 max-sm:sr-only">
      <tr role="row">{children}</tr>
    </thead>
  );
}

export function Column({ className, children, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      role="columnheader"
      {...props}
      className={cx("px-3 py-2.5 text-start text-xs font-semibold uppercase tracking-wide text-fg-muted", className)}
    >
      {children}
    </th>
  );
}

export interface TableBodyProps<T extends { readonly id: string | number }> {
  readonly items: readonly T[];
  /** Shown in a single full-width cell when there are no rows (e.g. t("demand:empty")). */
  readonly emptyState?: ReactNode;
  /**
   * Everything a row shows besides its item (language, the list's query in its links), as text. Given, a row
   * renders again only when its item or this changes, whatever else the screen renders for (a list turning
   * busy while the next page loads), so `children` must read nothing else.
   */
  readonly rowsKey?: string;
  readonly children: (item: T) => ReactElement;
}

interface KeptRowProps {
  readonly item: unknown;
  readonly rowsKey: string;
  readonly render: (item: never) => ReactElement;
}
const KeptRow = memo(
  ({ item, render }: KeptRowProps) => render(item as never),
  (before, after) => before.item === after.item && before.rowsKey === after.rowsKey,
);

export function TableBody<T extends { readonly id: string | number }>({
  items,
  emptyState,
  rowsKey,
  children,
}: TableBodyProps<T>) {
  const { count } = useContext(ColumnsContext);
  return (
    <tbody role="rowgroup" className="max-sm:block">
      {items.length === 0 && emptyState !== undefined ? (
        <tr role="row" className="max-sm:block">
          <td role="cell" colSpan={count} className="px-3 py-10 text-center text-fg-muted max-sm:block">
            {emptyState}
          </td>
        </tr>
      ) : (
        items.map((item) =>
          rowsKey === undefined ? (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ) : (
            <KeptRow key={item.id} item={item} rowsKey={rowsKey} render={children as (item: never) => ReactElement} />
          ),
        )
      )}
    </tbody>
  );
}

/** A row; each of its cells learns its column's name (shown beside the value on phones). */
export function Row({ className, children }: { readonly className?: string; readonly children: ReactNode }) {
  const { labels } = useContext(ColumnsContext);
  return (
    <tr
      role="row"
      className={cx(
        "border-b border-border last:border-b-0 hover:bg-surface-2 max-sm:block max-sm:px-1 max-sm:py-2",
        className,
      )}
    >
      {Children.map(children, (cell, i) =>
        isValidElement<CellProps>(cell) && cell.type === Cell
          ? cloneElement(cell as ReactElement<CellProps>, { columnLabel: labels[i] ?? null })
          : cell,
      )}
    </tr>
  );
}

export interface CellProps extends Omit<TdHTMLAttributes<HTMLTableCellElement>, "children"> {
  readonly children?: ReactNode;
  /** The cell that names its row (the code, the username): a row header for screen readers. */
  readonly rowHeader?: boolean;
  /** Set by Row: the column's name, shown before the value on phones (not to screen readers). */
  readonly columnLabel?: ReactNode;
}

/**
 * A cell's content wraps within a readable width: one very long value (a 5,000-character name) must not widen
 * the table past the screen and push the other columns' buttons out of reach; the full text stays in the page.
 * `dir="auto"` isolates it too: a right-to-left override in one value cannot turn the rest of the row around.
 */
export function Cell({ children, rowHeader = false, columnLabel = null, className, ...props }: CellProps) {
  const classes = cx(
    "px-3 py-2.5 text-start align-middle max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:py-1",
    className,
  );
  const content = (
    <>
      {columnLabel !== null && !rowHeader ? (
        <span aria-hidden="true" className="w-28 shrink-0 text-xs font-semibold text-fg-muted sm:hidden">
          {columnLabel}
        </span>
      ) : null}
      <div dir="auto" className="min-w-0 max-w-[28rem] [overflow-wrap:anywhere]">
        {children}
      </div>
    </>
  );
  return rowHeader ? (
    <th scope="row" role="rowheader" {...props} className={cx(classes, "max-sm:text-base")}>
      {content}
    </th>
  ) : (
    <td role="cell" {...props} className={classes}>
      {content}
    </td>
  );
}
