/**
 * React DOM's client as an ES module of the framework chunk (build/chunk-groups.ts). React DOM is CommonJS, run
 * when first required: the entry imports this module by itself so that happens in a task of its own before the
 * app's start (src/entry/main.tsx), and the bundler's CommonJS interop stays out of the entry's first load.
 */
export { createRoot } from "react-dom/client";
