import { useEffect, useRef } from "react";
import { useSelector } from "@xstate/react";
import type { WizardActor } from "./useWizard";

/**
 * The wizard's steps as browser history entries (`?step=2`; the first step has no parameter), so Back and Forward
 * move between steps instead of leaving the wizard. The machine stays the judge: a step the rules do not let the
 * applicant reach yet (Forward after emptying a field) keeps the wizard where it is and the address follows it.
 */

/** Moves the address to a 1-based step: `replace` rewrites the current entry instead of adding one. */
export type StepNavigator = (step: number, replace: boolean) => void;

export const useStepHistory = (
  actor: WizardActor,
  urlStep: number | undefined,
  navigate: StepNavigator | undefined,
  /** Called after the address moved the wizard (to show the errors of a step it could not leave). */
  afterAddressMove: () => void,
): void => {
  const step = useSelector(actor, (s) => s.context.step);
  const done = useSelector(actor, (s) => s.matches("approved"));
  /** The address seen last time; `null` before the first run, where the restored wizard wins over the address. */
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!navigate || done) return;
    const addressStep = (urlStep ?? 1) - 1;
    const first = seen.current === null;
    const addressMoved = !first && seen.current !== addressStep;
    seen.current = addressStep;
    if (addressMoved && addressStep !== actor.getSnapshot().context.step) {
      actor.send({ type: "GOTO", step: addressStep });
      afterAddressMove();
    }
    const now = actor.getSnapshot().context.step;
    if (now !== addressStep) {
      // A step the applicant moved to is a new entry; an address the wizard could not follow is corrected in place.
      navigate(now + 1, first || addressMoved);
      seen.current = now;
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs on a move of either side
  }, [urlStep, step, done]);
};
