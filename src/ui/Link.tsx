import { Link as RACLink, type LinkProps as RACLinkProps } from "react-aria-components";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./Button";
import { composeTailwindRenderProps, cx, focusRing } from "./utils";

export interface LinkProps extends RACLinkProps {
  /** `inline` (default) is an underlined text link; `plain` has no underline; the others look like buttons. */
  variant?: "inline" | "plain" | ButtonVariant;
  size?: ButtonSize;
}

const textLink =
  "rounded-xs text-link underline underline-offset-2 decoration-1 data-[hovered]:decoration-2 cursor-pointer data-[disabled]:text-disabled-fg data-[disabled]:no-underline data-[disabled]:cursor-not-allowed";

/**
 * Router-agnostic link: renders a RAC Link. Client-side navigation happens when the app wraps its tree in
 * react-aria-components' `RouterProvider` (navigate + useHref); without it, it is a plain <a href>.
 */
export function Link({ variant = "inline", size = "md", ...props }: LinkProps) {
  const classes =
    variant === "inline"
      ? cx(textLink, focusRing)
      : variant === "plain"
        ? cx(textLink, "no-underline data-[hovered]:underline", focusRing)
        : buttonClasses(variant, size);
  return <RACLink {...props} className={composeTailwindRenderProps(props.className, classes)} />;
}
