import type { ButtonHTMLAttributes, Ref } from "react";
import { cx, nativeButtonClasses, type ButtonSize, type ButtonVariant } from "./classes";

export interface NativeButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A plain <button> with the kit's looks, for the places that must render without react-aria (the not-found and
 * error pages, which sit on the root route and so in every page's first load; the wizard) and for buttons that
 * stay focusable while unavailable (`aria-disabled`; `data-disabled` gives them the disabled look).
 */
export function NativeButton({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...props
}: NativeButtonProps) {
  return <button type={type} {...props} className={cx(nativeButtonClasses(variant, size), className)} />;
}
