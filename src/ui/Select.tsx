import {
  Button as RACButton,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectValue,
  type ValidationResult,
} from "react-aria-components";
import type { ReactNode } from "react";
import { Description, FieldError, Label, inputClasses } from "./Field";
import { RequiredMark } from "./NativeFieldParts";
import { ListBox, ListBoxItem } from "./ListBox";
import { Popover } from "./Popover";
import { composeTailwindRenderProps, cx } from "./utils";

/** A simple option shape; use `children` with your own ListBoxItem for anything richer. */
export interface SelectOption {
  id: string | number;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps<T extends object> extends Omit<RACSelectProps<T>, "children"> {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  items?: Iterable<T>;
  children?: ReactNode | ((item: T) => ReactNode);
}

export function Chevron({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={cx("size-4 shrink-0 text-fg-muted", className)}>
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Label + trigger button + listbox popover. `items` defaults to `SelectOption`s rendered by label:
 * `<Select label="Sexe" items={[{id: 1, label: "Femme"}]} />`. Pass `id` to name the trigger for ErrorSummary.
 */
export function Select<T extends object = SelectOption>({
  label,
  description,
  errorMessage,
  items,
  children,
  ...props
}: SelectProps<T>) {
  const render =
    children ??
    ((item: T) => {
      const option = item as unknown as SelectOption;
      return (
        <ListBoxItem id={option.id} isDisabled={option.isDisabled}>
          {option.label}
        </ListBoxItem>
      );
    });
  return (
    <RACSelect {...props} className={composeTailwindRenderProps(props.className, "group flex flex-col gap-1.5")}>
      {label && (
        <Label>
          {label}
          <RequiredMark show={props.isRequired} />
        </Label>
      )}
      <RACButton
        className={cx(
          inputClasses,
          "flex items-center gap-2 text-start cursor-pointer group-data-[invalid]:border-2 group-data-[invalid]:border-danger-text",
        )}
      >
        <SelectValue className="flex-1 truncate data-[placeholder]:text-placeholder">
          {/* The option's text only (its check mark and any decoration stay in the list). */}
          {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder || !selectedText ? defaultChildren : selectedText)}
        </SelectValue>
        <Chevron />
      </RACButton>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover>
        <ListBox items={items}>{render}</ListBox>
      </Popover>
    </RACSelect>
  );
}
