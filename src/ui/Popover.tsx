import { Popover as RACPopover, type PopoverProps } from "react-aria-components";
import { composeTailwindRenderProps } from "./utils";

export function Popover({ offset = 6, ...props }: PopoverProps) {
  return (
    <RACPopover
      offset={offset}
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "min-w-(--trigger-width) max-w-[calc(100vw-1rem)] overflow-auto rounded-lg border border-border bg-surface text-fg shadow-overlay outline-none forced-colors:bg-[Canvas]",
      )}
    />
  );
}
