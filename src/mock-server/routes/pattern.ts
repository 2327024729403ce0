/** Turns a path builder of paths.ts into a route pattern with an ":id" parameter. */
export const idPattern = (build: (id: never) => string): string => build("__id__" as never).replace("__id__", ":id");
