import { memo, type ReactNode } from "react";
import { NativeSelect } from "../../ui/NativeSelect";
import { useLatest } from "../../ui/use-latest";

/** A filter's choice: its id (a status, a faculty's number…) and its label. */
export interface FilterOption<K extends string | number> {
  readonly id: K;
  readonly label: string;
}

interface FilterProps<K extends string | number> {
  label: string;
  items: readonly FilterOption<K>[];
  selectedKey: K;
  /** Read when the choice changes (the latest one counts: it need not keep its identity across renders). */
  onChange: (key: K) => void;
  className?: string;
}

const sameOptions = <K extends string | number>(a: readonly FilterOption<K>[], b: readonly FilterOption<K>[]) =>
  a.length === b.length && a.every((option, i) => option.id === b[i]?.id && option.label === b[i]?.label);

/** The platform's own select (native on phones; no react-aria in the list's first render, see NativeSearchField). */
function Filter<K extends string | number>({ label, items, selectedKey, onChange, className }: FilterProps<K>) {
  const latest = useLatest(onChange);
  return (
    <NativeSelect
      label={label}
      options={items.map((item) => ({ value: String(item.id), label: item.label }))}
      value={String(selectedKey)}
      onChange={(value) => {
        const chosen = items.find((item) => String(item.id) === value);
        if (chosen) latest.current(chosen.id);
      }}
      className={className}
    />
  );
}

/** A list's filter menu; like the search box, it renders again only when its own choices or value change. */
export const ListFilter = memo(
  Filter,
  (a, b) =>
    a.label === b.label &&
    a.selectedKey === b.selectedKey &&
    a.className === b.className &&
    sameOptions(a.items, b.items),
) as <K extends string | number>(props: FilterProps<K>) => ReactNode;
