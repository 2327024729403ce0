import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useRouter } from "@tanstack/react-router";
import { isRoutedClick } from "./routed-link";
import { anchorButtonClasses, cx, nativeFocusRing, textLink, type ButtonSize, type ButtonVariant } from "./classes";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  /**
   * `inline` (default) is an underlined text link; `plain` has no underline; `block` has no text style at all
   * (a card-sized link whose classes say how it looks); the others look like buttons.
   */
  variant?: "inline" | "plain" | "block" | ButtonVariant;
  size?: ButtonSize;
  /** Called on activation, before navigation (e.g. to close a menu drawer). */
  onPress?: () => void;
}

/** No underline until hovered: for links whose place already says they are links (menus, the brand). */
const plainLink = "rounded-xs text-link underline-offset-2 cursor-pointer hover:underline";

/**
 * A real <a href> that navigates inside the app through the router (plain clicks only: modified clicks,
 * downloads and other targets behave as the browser decides). No react-aria here, so the landing page can
 * show links without downloading it.
 */
export function Link({
  href,
  variant = "inline",
  size = "md",
  className,
  onPress,
  onClick,
  children,
  ...props
}: LinkProps) {
  const router = useRouter({ warn: false });
  const classes =
    variant === "inline"
      ? cx(textLink, nativeFocusRing)
      : variant === "plain"
        ? cx(plainLink, nativeFocusRing)
        : variant === "block"
          ? nativeFocusRing
          : anchorButtonClasses(variant, size);
  const activate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    onPress?.();
    if (router && isRoutedClick(event, href, { target: props.target, download: props.download !== undefined })) {
      event.preventDefault();
      void router.navigate({ href });
    }
  };
  return (
    <a href={href} {...props} onClick={activate} className={cx(classes, className)}>
      {children}
    </a>
  );
}
