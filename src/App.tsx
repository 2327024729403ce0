import { RouterProvider } from "@tanstack/react-router";
import type { boot } from "./app/boot";
import { RuntimeContext } from "./app/runtime-context";
import { SessionProvider } from "./app/session-context";

type Booted = Awaited<ReturnType<typeof boot>>;

export const App = ({ runtime, session, router }: Booted) => (
  <RuntimeContext.Provider value={runtime}>
    <SessionProvider actor={session}>
      <RouterProvider router={router} />
    </SessionProvider>
  </RuntimeContext.Provider>
);
