import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { AnyStateMachine } from "xstate";

/**
 * Other implementations for a screen's machines, keyed by machine id: the `.provide()` a test would call on a
 * machine it holds, applied to the machine a screen creates (on top of what the app itself provided). Tests wrap
 * a screen in `MachineImplementations`; the app never does, so its screens run their machines' real side effects.
 */
type Provision = (machine: AnyStateMachine) => AnyStateMachine;

/** `.provide()` keeps a machine's config, so a machine of the same id is that machine with other side effects. */
const isVersionOf = <M extends AnyStateMachine>(candidate: AnyStateMachine, machine: M): candidate is M =>
  candidate.id === machine.id;

/** `provide` (typically `(m) => m.provide({ actors: … })`) for the machine of `machine`'s id, wherever a screen creates it. */
export const provision = <M extends AnyStateMachine>(
  machine: M,
  provide: (machine: M) => M,
): readonly [string, Provision] => [machine.id, (target) => (isVersionOf(target, machine) ? provide(target) : target)];

const Provisions = createContext<Readonly<Record<string, Provision>>>({});

export const MachineImplementations = ({
  of,
  children,
}: {
  readonly of: ReadonlyArray<readonly [string, Provision]>;
  readonly children: ReactNode;
}) => {
  const value = useMemo(() => Object.fromEntries(of), [of]);
  return <Provisions.Provider value={value}>{children}</Provisions.Provider>;
};

/** The screen's machine, with the implementations a test provided for its id (none in the app). */
export const useProvidedMachine = <M extends AnyStateMachine>(machine: M): M => {
  const provide = useContext(Provisions)[machine.id];
  return useMemo(() => {
    const provided = provide?.(machine);
    return provided !== undefined && isVersionOf(provided, machine) ? provided : machine;
  }, [provide, machine]);
};
