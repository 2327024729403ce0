import { composeRenderProps } from "react-aria-components";

/** Joins class names, skipping falsy values. */
export const cx = (...classes: Array<string | false | null | undefined>): string => classes.filter(Boolean).join(" ");

/** Keyboard focus ring shared by every interactive element (data-focus-visible is set by react-aria). */
export const focusRing =
  "outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-2";

/** Same ring for elements focused within (field groups). */
export const focusWithinRing =
  "outline-none data-[focus-within]:outline-2 data-[focus-within]:outline-solid data-[focus-within]:outline-focus data-[focus-within]:outline-offset-1";

/**
 * Appends Tailwind classes to a react-aria `className` that may be a string or a render-props function,
 * the way the react-spectrum Tailwind starter does (without tailwind-merge: callers add, they do not override).
 */
export function composeTailwindRenderProps<T>(
  className: string | ((v: T) => string) | undefined,
  tw: string | ((v: T) => string),
): string | ((v: T) => string) {
  return composeRenderProps(className, (cls, renderProps) =>
    cx(typeof tw === "function" ? tw(renderProps) : tw, cls),
  );
}
