import { RouterProvider } from "@tanstack/react-router";
import type { boot } from "./app/boot";
import { RuntimeContext } from "./app/runtime-context";

type Booted = Awaited<ReturnType<typeof boot>>;

export const App = ({ runtime, router }: Booted) => (
  <RuntimeContext.Provider value={runtime}>
    <RouterProvider router={router} />
  </RuntimeContext.Provider>
);
