import { useEffect, useLayoutEffect, useRef } from "react";
import { Button as RACButton, type ButtonProps as RACButtonProps, composeRenderProps } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Spinner } from "./Spinner";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./classes";
import { composeTailwindRenderProps, cx } from "./utils";

export { buttonClasses, type ButtonSize, type ButtonVariant };

export interface ButtonProps extends RACButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

// ── Pending announcements ─────────────────────────────────────────────────────────────────────────────────
// react-aria's own `isPending` announces through its live announcer with aria-labelledby pointing at the
// button's id; when the button then disappears (a dialog closing on success, a page replaced) that announcer node
// is left with role="img" and a dangling reference for 7 s (axe: role-img-alt). Buttons here announce plain text
// in one polite region of their own instead, so nothing can dangle.

let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

const announcer = (): HTMLElement | null => {
  if (typeof document === "undefined") return null;
  if (region?.isConnected) return region;
  region = document.createElement("div");
  region.setAttribute("data-button-announcer", "");
  // Like react-aria's own announcer: modals (ariaHideOutside) leave nodes with this attribute audible.
  region.setAttribute("data-live-announcer", "");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  Object.assign(region.style, {
    position: "absolute",
    width: "1px",
    height: "1px",
    padding: "0",
    margin: "-1px",
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    border: "0",
  });
  document.body.append(region);
  return region;
};

/** Announces a short text politely; it is cleared after a few seconds. */
export const announceText = (text: string): void => {
  const node = announcer();
  if (!node || text.trim() === "") return;
  node.textContent = "";
  // A fresh text node after clearing makes screen readers read it again even when it is the same text.
  setTimeout(() => {
    node.textContent = text;
  }, 50);
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    node.textContent = "";
  }, 5000);
};

/**
 * RAC Button with the kit's variants. `isPending` keeps the button focusable (aria-disabled), ignores presses,
 * stops implicit form submission, shows a spinner and, when the button has focus, announces "please wait" and
 * then the button's name again when done (as react-aria would, but as plain text: see above).
 */
export function Button({ variant = "primary", size = "md", isPending = false, ...props }: ButtonProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(isPending);

  useEffect(() => {
    announcer(); // the live region must exist before its text changes
  }, []);

  useEffect(() => {
    const focused = ref.current !== null && ref.current === document.activeElement;
    if (focused && isPending && !wasPending.current) {
      announceText(`${ref.current?.textContent?.trim() ?? ""} ${t("common:loading.pleaseWait")}`.trim());
    } else if (focused && !isPending && wasPending.current) {
      announceText(ref.current?.textContent?.trim() ?? "");
    }
    wasPending.current = isPending;
  }, [isPending, t]);

  // data-pending (styles, tests) as react-aria would set it; RAC writes its own (absent) value over a prop.
  useLayoutEffect(() => {
    if (isPending) ref.current?.setAttribute("data-pending", "true");
    else ref.current?.removeAttribute("data-pending");
  }, [isPending]);

  const pendingProps: Partial<RACButtonProps> = isPending
    ? {
        onPress: undefined,
        onPressStart: undefined,
        onPressEnd: undefined,
        onPressChange: undefined,
        onPressUp: undefined,
        onClick: undefined,
        // A pending submit button must not submit again on Enter in a text field.
        type: props.type === "submit" ? "button" : props.type,
      }
    : {};

  return (
    <RACButton
      ref={ref}
      {...props}
      {...pendingProps}
      aria-disabled={isPending ? true : props["aria-disabled"]}
      className={composeTailwindRenderProps(props.className, buttonClasses(variant, size))}
    >
      {composeRenderProps(props.children, (children) => (
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
