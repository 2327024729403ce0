import {
  ListBox as RACListBox,
  ListBoxItem as RACListBoxItem,
  type ListBoxItemProps,
  type ListBoxProps,
  composeRenderProps,
} from "react-aria-components";
import { composeTailwindRenderProps, cx } from "./utils";

export function ListBox<T extends object>(props: ListBoxProps<T>) {
  return (
    <RACListBox
      {...props}
      className={composeTailwindRenderProps(props.className, "max-h-72 overflow-auto p-1 outline-none")}
    />
  );
}

const itemClasses =
  "group flex cursor-default select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none forced-color-adjust-none data-[focused]:bg-surface-2 data-[hovered]:bg-surface-2 data-[selected]:font-semibold data-[disabled]:text-disabled-fg data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:-outline-offset-2";

/** One option of a Select, ComboBox or ListBox; shows a check mark when selected. */
export function ListBoxItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === "string" ? props.children : undefined);
  return (
    <RACListBoxItem
      {...props}
      textValue={textValue}
      className={composeTailwindRenderProps(props.className, itemClasses)}
    >
      {composeRenderProps(props.children, (children, { isSelected }) => (
        <>
          <span className="flex-1 truncate">{children}</span>
          <svg
            viewBox="0 0 16 16"
            aria-hidden="true"
            className={cx("size-4 shrink-0 text-link", !isSelected && "invisible")}
          >
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </>
      ))}
    </RACListBoxItem>
  );
}
