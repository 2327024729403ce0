import { composeRenderProps } from "react-aria-components";

export { cx } from "./classes";
import { cx } from "./classes";

/**
 * Appends Tailwind classes to a react-aria `className` that may be a string or a render-props function,
 * the way the react-spectrum Tailwind starter does (without tailwind-merge: callers add, they do not override).
 */
export function composeTailwindRenderProps<T>(
  className: string | ((v: T) => string) | undefined,
  tw: string | ((v: T) => string),
): string | ((v: T) => string) {
  return composeRenderProps(className, (cls, renderProps) => cx(typeof tw === "function" ? tw(renderProps) : tw, cls));
}
