import { Button as RACButton, type ButtonProps as RACButtonProps, composeRenderProps } from "react-aria-components";
import { Spinner } from "./Spinner";
import { composeTailwindRenderProps, cx, focusRing } from "./utils";

export type ButtonVariant = "primary" | "secondary" | "destructive" | "quiet";
export type ButtonSize = "sm" | "md" | "icon";

export interface ButtonProps extends RACButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const base =
  "relative inline-flex items-center justify-center gap-2 rounded-lg font-medium text-sm text-center transition-colors cursor-pointer select-none [-webkit-tap-highlight-color:transparent] border forced-colors:border-[ButtonBorder] data-[disabled]:cursor-not-allowed data-[disabled]:bg-disabled-bg data-[disabled]:text-disabled-fg data-[disabled]:border-transparent data-[pending]:cursor-wait";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-primary text-on-primary border-transparent data-[hovered]:bg-primary-hover data-[pressed]:bg-primary-hover",
  secondary:
    "bg-surface text-fg border-border-strong data-[hovered]:bg-surface-2 data-[pressed]:bg-surface-3",
  destructive:
    "bg-danger text-on-danger border-transparent data-[hovered]:bg-danger-hover data-[pressed]:bg-danger-hover",
  quiet: "bg-transparent text-fg border-transparent data-[hovered]:bg-surface-2 data-[pressed]:bg-surface-3",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-8 px-3 py-1",
  md: "min-h-10 px-4 py-2",
  icon: "size-10 p-0",
};

export const buttonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md"): string =>
  cx(base, focusRing, variants[variant], sizes[size]);

/**
 * RAC Button with the kit's variants. `isPending` keeps the button focusable, shows a spinner and announces the
 * pending state through react-aria (pass an accessible label or keep the visible text).
 */
export function Button({ variant = "primary", size = "md", ...props }: ButtonProps) {
  return (
    <RACButton {...props} className={composeTailwindRenderProps(props.className, buttonClasses(variant, size))}>
      {composeRenderProps(props.children, (children, { isPending }) => (
        <>
          <span className={cx("inline-flex items-center justify-center gap-2", isPending && "opacity-0")}>
            {children}
          </span>
          {isPending && (
            <span className="absolute inset-0 flex items-center justify-center">
              <Spinner size="sm" />
            </span>
          )}
        </>
      ))}
    </RACButton>
  );
}
