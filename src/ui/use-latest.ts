import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A ref that always holds the latest value of a prop or callback, for effects and event handlers that must not
 * re-subscribe when it changes. Updated after each commit (before effects run and before any event can reach
 * the new DOM), never while rendering: a render that React throws away leaves it untouched.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
