import { render } from "@testing-library/react";
import { fromPromise } from "xstate";
import { referenceData } from "../../../tests/fixtures/entities";
import type { RuntimeConfig } from "../../app/config";
import { RuntimeContext, type Runtime } from "../../app/runtime-context";
import { cardCheckMachine } from "../../machines/card-check";
import type { SignedCheck } from "../../machines/card-check-signed";
import type { CheckAnswer, CheckLabels } from "../../machines/card-check-view";
import { MachineImplementations, provision } from "../../machines/implementations";
import { CardCheckPage } from "./CardCheckPage";
import { publicProviders } from "./test-providers";

/** For the check page's component tests: every label the fixtures' holders need. */
const allLabels: CheckLabels = {
  faculty: referenceData.faculty,
  cycle: referenceData.cycle,
  filiere: referenceData.filiere,
  niveau: referenceData.niveau,
  department: referenceData.department,
  fonction: referenceData.fonction,
  grade: referenceData.grade,
  service: referenceData.service,
};

/** The check machine with its calls answered by the given stubs (the signed QR's reading too, when given). */
export const stubbed = (
  check: () => Promise<CheckAnswer>,
  labels: () => Promise<CheckLabels> = async () => allLabels,
  signed?: () => Promise<SignedCheck | null>,
) => [
  provision(cardCheckMachine, (machine) =>
    machine.provide({
      actors: {
        check: fromPromise(check),
        loadLabels: fromPromise(labels),
        ...(signed ? { verifySigned: fromPromise(signed) } : {}),
      },
    }),
  ),
];

/** The page in a signed-out app with the given runtime config (live by default), its machine stubbed. */
export const renderPage = (
  {
    stubs,
    config = { mode: "live" },
    ...props
  }: Parameters<typeof CardCheckPage>[0] & {
    readonly stubs: ReturnType<typeof stubbed>;
    readonly config?: RuntimeConfig;
  },
  load?: Parameters<typeof publicProviders>[0],
) => {
  const { wrapper } = publicProviders(load);
  const runtime: Runtime = {
    config,
    resetDemo: null,
    restoreDemoAccounts: null,
    demoAccounts: [],
    demoCardToken: null,
  };
  return render(
    <RuntimeContext.Provider value={runtime}>
      <MachineImplementations of={stubs}>
        <CardCheckPage {...props} />
      </MachineImplementations>
    </RuntimeContext.Provider>,
    { wrapper },
  );
};
