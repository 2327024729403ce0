import type { ReactNode } from "react";
import { createActor, fromPromise } from "xstate";
import type { ReferenceData } from "../../api/schemas";
import { ReferenceDataProvider } from "../../app/reference-data";
import { SessionProvider } from "../../session";
import { referenceDataMachine } from "../../machines/reference-data";
import { sessionMachine } from "../../machines/session";

/**
 * For component tests of the public pages: a signed-out session and a reference-data actor whose lists come
 * from `load` (nothing cached, no request).
 */
export const publicProviders = (load: () => Promise<ReferenceData> = () => new Promise(() => {})) => {
  const session = createActor(sessionMachine, { input: { stored: null } }).start();
  const referenceData = createActor(referenceDataMachine.provide({ actors: { fetchAll: fromPromise(load) } }), {
    input: { cache: null },
  }).start();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider actor={session}>
      <ReferenceDataProvider actor={referenceData}>{children}</ReferenceDataProvider>
    </SessionProvider>
  );
  return { session, referenceData, wrapper };
};
