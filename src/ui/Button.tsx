import { useLayoutEffect, useRef } from "react";
import { Button as RACButton, type ButtonProps as RACButtonProps, composeRenderProps } from "react-aria-components";
import { Spinner } from "./Spinner";
import { announceText, usePendingAnnouncement } from "./announce";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./classes";
import { composeTailwindRenderProps, cx } from "./utils";

export { announceText, buttonClasses, type ButtonSize, type ButtonVariant };

export interface ButtonProps extends RACButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * RAC Button with the kit's variants. `isPending` keeps the button focusable (aria-disabled), ignores presses,
 * stops implicit form submission, shows a spinner and, when the button has focus, announces "please wait" and
 * then the button's name again when done (as react-aria would, but as plain text: see announce.ts).
 */
export function Button({ variant = "primary", size = "md", isPending = false, ...props }: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  usePendingAnnouncement(ref, isPending);

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
