/**
 * A few lines of hyperscript for the screens that must render without React: the public check page in live
 * mode (src/entry/check-page.ts) draws its answer before any framework has downloaded. Attributes are set as
 * attributes (`class`, `aria-*`, `data-*`), `on<Event>` functions become listeners, and false, null or
 * undefined leave an attribute or a child out.
 */
export type DomChild = Node | string | null | undefined | false;
export type DomAttributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

const SVG_NS = "http://www.w3.org/2000/svg";

const build = <E extends Element>(element: E, attributes: DomAttributes, children: readonly DomChild[]): E => {
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === "function") element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) if (child !== false && child !== null && child !== undefined) element.append(child);
  return element;
};

/** An HTML element. */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: DomAttributes = {},
  ...children: DomChild[]
): HTMLElementTagNameMap[K] => build(document.createElement(tag), attributes, children);

/** An SVG element (icons). */
export const svg = (tag: string, attributes: DomAttributes = {}, ...children: DomChild[]): SVGElement =>
  build(document.createElementNS(SVG_NS, tag) as SVGElement, attributes, children);
