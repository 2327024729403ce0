/** URL of a file of public/ (e.g. "images/hero-card.svg"), under the app's base path. */
export const asset = (path: string): string => `${import.meta.env.BASE_URL}${path.replace(/^\//, "")}`;
