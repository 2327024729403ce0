/**
 * Class-name helpers with no react-aria import, so light pages (the landing) can style links and buttons
 * without downloading react-aria.
 */
/** Joins class names, skipping falsy values. */
export const cx = (...classes: Array<string | false | null | undefined>): string => classes.filter(Boolean).join(" ");

/** Keyboard focus ring shared by every interactive element (data-focus-visible is set by react-aria). */
export const focusRing =
  "outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-2";

export type ButtonVariant = "primary" | "secondary" | "destructive" | "quiet";
export type ButtonSize = "sm" | "md" | "icon";

/**
 * A button out of use turns grey at once: a colour fade would repaint the page frame after frame right when the
 * user waits on what the press started (a decision sent, a page asked for). Hover and press still fade.
 */
const base =
  "relative inline-flex items-center justify-center gap-2 rounded-lg font-medium text-sm text-center transition-colors cursor-pointer select-none [-webkit-tap-highlight-color:transparent] border forced-colors:border-[ButtonBorder] data-[disabled]:cursor-not-allowed data-[disabled]:bg-disabled-bg data-[disabled]:text-disabled-fg data-[disabled]:border-transparent data-[disabled]:transition-none data-[pending]:cursor-wait";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-primary text-on-primary border-transparent data-[hovered]:bg-primary-hover data-[pressed]:bg-primary-hover",
  secondary: "bg-surface text-fg border-border-strong data-[hovered]:bg-surface-2 data-[pressed]:bg-surface-3",
  destructive:
    "bg-danger text-on-danger border-transparent data-[hovered]:bg-danger-hover data-[pressed]:bg-danger-hover",
  quiet: "bg-transparent text-fg border-transparent data-[hovered]:bg-surface-2 data-[pressed]:bg-surface-3",
};

const sizes: Record<ButtonSize, string> = {
  // On a phone-sized screen every control is a 44 px tap target (WCAG 2.5.5); wider screens keep the compact sizes.
  sm: "min-h-8 max-sm:min-h-11 px-3 py-1",
  md: "min-h-10 max-sm:min-h-11 px-4 py-2",
  icon: "size-10 max-sm:size-11 p-0",
};

export const buttonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md"): string =>
  cx(base, focusRing, variants[variant], sizes[size]);

/** An underlined text link (the kit's Link, and the check page's DOM view). */
export const textLink =
  "rounded-xs text-link underline underline-offset-2 decoration-1 hover:decoration-2 cursor-pointer";

/** Native-element focus ring (:focus-visible), for elements react-aria does not manage. */
export const nativeFocusRing =
  "outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus focus-visible:outline-offset-2";

const nativeHover: Record<ButtonVariant, string> = {
  primary: "hover:bg-primary-hover",
  secondary: "hover:bg-surface-2",
  destructive: "hover:bg-danger-hover",
  quiet: "hover:bg-surface-2",
};

/** Button looks for a plain <button>: react-aria's data attributes never appear there, so hover and focus are native. */
export const nativeButtonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md"): string =>
  cx(buttonClasses(variant, size), nativeHover[variant], nativeFocusRing);

/** Button looks for a plain <a>. */
export const anchorButtonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md"): string =>
  cx(nativeButtonClasses(variant, size), "no-underline");
