import { RouterProvider } from "@tanstack/react-router";
import type { boot } from "./app/boot";
import { ReferenceDataProvider } from "./app/reference-data";
import { RuntimeContext } from "./app/runtime-context";
import { SessionProvider } from "./app/session-context";

type Booted = Awaited<ReturnType<typeof boot>>;

export const App = ({ runtime, session, referenceData, router }: Booted) => (
  <RuntimeContext.Provider value={runtime}>
    <SessionProvider actor={session}>
      <ReferenceDataProvider actor={referenceData}>
        <RouterProvider router={router} />
      </ReferenceDataProvider>
    </SessionProvider>
  </RuntimeContext.Provider>
);
