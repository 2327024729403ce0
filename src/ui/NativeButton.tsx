import type { ButtonHTMLAttributes } from "react";
import { buttonClasses, cx, nativeFocusRing, type ButtonSize, type ButtonVariant } from "./classes";

const hover: Record<ButtonVariant, string> = {
  primary: "hover:bg-primary-hover",
  secondary: "hover:bg-surface-2",
  destructive: "hover:bg-danger-hover",
  quiet: "hover:bg-surface-2",
};

export interface NativeButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A plain <button> with the kit's looks, for the few places that must render without react-aria: the
 * not-found and error pages, which sit on the root route and so in every page's first load.
 */
export function NativeButton({ variant = "primary", size = "md", className, type = "button", ...props }: NativeButtonProps) {
  return <button type={type} {...props} className={cx(buttonClasses(variant, size), hover[variant], nativeFocusRing, className)} />;
}
