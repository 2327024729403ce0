import {
  Button as RACButton,
  Input as RACInput,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Description, Label } from "./Field";
import { composeTailwindRenderProps } from "./utils";

export interface SearchFieldProps extends RACSearchFieldProps {
  label?: string;
  description?: string;
  placeholder?: string;
}

/** type="search" input with a clear button; Escape clears, Enter calls `onSubmit`. */
export function SearchField({ label, description, placeholder, ...props }: SearchFieldProps) {
  const { t } = useTranslation("common");
  return (
    <RACSearchField {...props} className={composeTailwindRenderProps(props.className, "group flex flex-col gap-1.5")}>
      {label && <Label>{label}</Label>}
      <div className="relative flex items-center">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="pointer-events-none absolute start-3 size-4 text-fg-muted">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <RACInput
          placeholder={placeholder}
          className="w-full min-h-10 rounded-lg border border-border-strong bg-surface ps-9 pe-10 py-2 text-base sm:text-sm text-fg placeholder:text-placeholder outline-none data-[focused]:border-focus data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-1 [&::-webkit-search-cancel-button]:hidden"
        />
        <RACButton
          aria-label={t("actions.clear")}
          className="absolute end-1 flex size-8 items-center justify-center rounded-md text-fg-muted cursor-pointer outline-none group-data-[empty]:hidden data-[hovered]:bg-surface-2 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus"
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </RACButton>
      </div>
      {description && <Description>{description}</Description>}
    </RACSearchField>
  );
}
