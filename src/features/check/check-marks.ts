import { cx, nativeFocusRing } from "../../ui/classes";
import { h, svg, type DomChild } from "../../ui/dom";

/** The check screen's marks: its verdict icons, spinner, answer heading and field rows. */

export const statusIcon = (kind: "valid" | "invalid" | "unknown"): SVGElement =>
  svg(
    "svg",
    {
      viewBox: "0 0 48 48",
      width: 64,
      height: 64,
      "aria-hidden": "true",
      focusable: "false",
      class: "size-14 shrink-0 sm:size-16",
    },
    svg("circle", { cx: 24, cy: 24, r: 22, fill: "currentColor", opacity: kind === "unknown" ? 0.15 : 0.2 }),
    svg("circle", { cx: 24, cy: 24, r: 20, fill: "none", stroke: "currentColor", "stroke-width": 3 }),
    kind === "valid" &&
      svg("path", {
        d: "M14 24.5l7 7L34 17",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 4.5,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }),
    kind === "invalid" &&
      svg("path", {
        d: "M16 16l16 16M32 16L16 32",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 4.5,
        "stroke-linecap": "round",
      }),
    kind === "unknown" &&
      svg("path", {
        d: "M18.5 19a5.5 5.5 0 1 1 8 4.9c-1.6.8-2.5 2-2.5 3.6V29",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 3.5,
        "stroke-linecap": "round",
      }),
    kind === "unknown" && svg("circle", { cx: 24, cy: 35, r: 2.2, fill: "currentColor" }),
  );

/** The kit's spinner (src/ui/Spinner.tsx), large. */
export const spinner = (): SVGElement =>
  svg(
    "svg",
    {
      class: "animate-cc-spin shrink-0 size-10 text-link",
      viewBox: "0 0 24 24",
      fill: "none",
      "aria-hidden": "true",
      focusable: "false",
    },
    svg("circle", { cx: 12, cy: 12, r: 10, stroke: "currentColor", "stroke-opacity": 0.25, "stroke-width": 3 }),
    svg("path", {
      d: "M22 12a10 10 0 0 0-10-10",
      stroke: "currentColor",
      "stroke-width": 3,
      "stroke-linecap": "round",
    }),
  );

export const field = (label: string, value: DomChild, large = false) =>
  h(
    "div",
    { class: "flex min-w-0 flex-col" },
    h("dt", { class: "text-sm font-medium text-fg-muted" }, label),
    h("dd", { class: cx("break-words font-semibold text-fg", large ? "text-xl" : "text-base") }, value),
  );

/** The answer's first block: the heading that takes the focus. */
export const answerHeading = (text: string, classes: string) =>
  h("h1", { tabindex: -1, class: cx(classes, nativeFocusRing) }, text);
