import {
  Disclosure as RACDisclosure,
  DisclosureGroup as RACDisclosureGroup,
  type DisclosureGroupProps,
  DisclosurePanel as RACDisclosurePanel,
  type DisclosurePanelProps,
  type DisclosureProps,
  Button as RACButton,
  Heading,
} from "react-aria-components";
import type { ReactNode } from "react";
import { composeTailwindRenderProps, cx } from "./utils";

/** A group of disclosures (FAQ); `allowsMultipleExpanded` to open several at once. */
export function DisclosureGroup(props: DisclosureGroupProps) {
  return (
    <RACDisclosureGroup
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "divide-y divide-border rounded-lg border border-border bg-surface",
      )}
    />
  );
}

export function Disclosure(props: DisclosureProps) {
  return <RACDisclosure {...props} className={composeTailwindRenderProps(props.className, "group")} />;
}

/** The trigger, inside a heading (level 3 by default) as the disclosure pattern requires. */
export function DisclosureHeader({ children, level = 3 }: { children: ReactNode; level?: number }) {
  return (
    <Heading level={level} className="m-0">
      <RACButton
        slot="trigger"
        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-start text-base font-medium text-fg cursor-pointer outline-none data-[hovered]:bg-surface-2 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:-outline-offset-2"
      >
        <span>{children}</span>
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          className="size-4 shrink-0 text-fg-muted transition-transform group-data-[expanded]:rotate-180 motion-reduce:transition-none"
        >
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </RACButton>
    </Heading>
  );
}

export function DisclosurePanel({ className, ...props }: DisclosurePanelProps & { className?: string }) {
  return (
    <RACDisclosurePanel {...props} className={cx("px-4 text-sm text-fg-muted group-data-[expanded]:pb-4", className)} />
  );
}
