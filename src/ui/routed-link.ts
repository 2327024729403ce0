/** The modifier state of a click (React's and the DOM's mouse events both have it). */
export interface ClickLike {
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/**
 * Whether a click on a link should navigate inside the app through the router: a plain click on a same-site
 * path, not meant for another tab or a download (those are left to the browser).
 */
export const isRoutedClick = (
  event: ClickLike,
  href: string,
  { target, download }: { target?: string; download?: boolean } = {},
): boolean =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  href.startsWith("/") &&
  !href.startsWith("//") &&
  !target &&
  !download;
