import {
  Button as RACButton,
  ComboBox as RACComboBox,
  type ComboBoxProps as RACComboBoxProps,
  Group,
  Input as RACInput,
  type ValidationResult,
} from "react-aria-components";
import type { ReactNode } from "react";
import { Description, FieldError, Label, RequiredMark } from "./Field";
import { ListBox, ListBoxItem } from "./ListBox";
import { Popover } from "./Popover";
import { Chevron, type SelectOption } from "./Select";
import { composeTailwindRenderProps, cx } from "./utils";

export interface ComboBoxProps<T extends object> extends Omit<RACComboBoxProps<T>, "children"> {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Accessible label of the button that opens the list (e.g. t("common:actions.showOptions")). */
  buttonLabel?: string;
  children?: ReactNode | ((item: T) => ReactNode);
}

/** Filterable select. Items default to `SelectOption`s, as in Select. */
export function ComboBox<T extends object = SelectOption>({
  label,
  description,
  errorMessage,
  placeholder,
  buttonLabel,
  children,
  items,
  ...props
}: ComboBoxProps<T>) {
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
    <RACComboBox
      {...props}
      items={items}
      className={composeTailwindRenderProps(props.className, "group flex flex-col gap-1.5")}
    >
      {label && (
        <Label>
          {label}
          <RequiredMark show={props.isRequired} />
        </Label>
      )}
      <Group
        className={cx(
          "flex min-h-10 items-center rounded-lg border border-border-strong bg-surface text-fg",
          "data-[focus-within]:border-focus data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-1",
          "group-data-[invalid]:border-2 group-data-[invalid]:border-danger-text data-[disabled]:bg-disabled-bg data-[disabled]:text-disabled-fg",
        )}
      >
        <RACInput
          placeholder={placeholder}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 text-base sm:text-sm text-fg placeholder:text-placeholder outline-none"
        />
        <RACButton
          {...(buttonLabel ? { "aria-label": buttonLabel } : {})}
          className="me-1 flex size-8 items-center justify-center rounded-md cursor-pointer outline-none data-[hovered]:bg-surface-2 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <Chevron />
        </RACButton>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover>
        <ListBox<T>>{render}</ListBox>
      </Popover>
    </RACComboBox>
  );
}
