import { useCallback } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { EventFrom, SnapshotFrom } from "xstate";
import { demandValidationMachine } from "../../machines/demand-validation";
import type { DemandValidationContext, DemandValidationInput } from "../../machines/demand-validation-context";
import { useProvidedMachine } from "../../machines/implementations";

type ValidationSnapshot = SnapshotFrom<typeof demandValidationMachine>;

/** The states DemandValidationScreen tells apart: a move within one of them (answer read, next demand looked up) shows nothing new. */
const shownStates = [
  "loading",
  { loadFailed: "notFound" },
  "loadFailed",
  "ready",
  "confirmingNoPhoto",
  "validating",
  "validated",
  "failed",
] as const;

/** What the screen never draws: the validation's answer (the card it names is `cardId`) and whether "and next" was asked. */
const unseen: ReadonlySet<keyof DemandValidationContext> = new Set(["result", "thenNext"]);

const sameView = (a: ValidationSnapshot, b: ValidationSnapshot): boolean =>
  a === b ||
  (a.status === b.status &&
    shownStates.every((state) => a.matches(state) === b.matches(state)) &&
    (Object.keys(a.context) as (keyof DemandValidationContext)[]).every(
      (key) => unseen.has(key) || Object.is(a.context[key], b.context[key]),
    ));

/**
 * The validation screen's machine (`useMachine`'s answer), its snapshot renewed only when what the screen shows
 * changes: "validate and next" walks through states the agent cannot tell apart (the answer read, the demand read
 * again, the next one looked up), and each would draw the whole demand again for nothing.
 */
export const useDemandValidation = (input: DemandValidationInput) => {
  const actorRef = useActorRef(useProvidedMachine(demandValidationMachine), { input });
  const snapshot = useSelector(actorRef, (current) => current, sameView);
  const send = useCallback((event: EventFrom<typeof demandValidationMachine>) => actorRef.send(event), [actorRef]);
  return [snapshot, send, actorRef] as const;
};
