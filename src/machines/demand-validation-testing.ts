import { vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type DemandForm, type Validated } from "../api";
import { student, type AnyKind } from "../kinds";
import { studentDemand, validated } from "../../tests/fixtures/entities";
import { demandValidationMachine, type NextPending } from "./demand-validation";
import type { AnyDemand, KeptEdits } from "./demand-validation-context";
import type { CardLookup } from "./demand-validation-outcome";

/** What the demand validation machine's tests share: a started machine with fake endpoints, and its failures. */

export const jpegDataUrl = `data:image/jpeg;base64,${btoa("\xff\xd8\xff\xe0")}`;
export const notFound = new ApiError("notFound", "getDemand", "/student/api/v1/demand/x/", 404, {
  detail: "Not found.",
});
export const serverDown = new ApiError("server", "getDemand", "/student/api/v1/demand/x/", 500, null);

interface Options {
  kind?: AnyKind;
  demand?: AnyDemand;
  load?: () => Promise<AnyDemand>;
  full?: (form: DemandForm) => Promise<Validated | null>;
  simple?: () => Promise<Validated | null>;
  /** The next pending demand's id, or what the lookup finds with the count left. */
  next?: (input: { search: string; id: string }) => Promise<string | null | NextPending>;
  listSearch?: string;
  /** The card a validation made (newCardOf): by default the one the answer named. */
  card?: (lookup: CardLookup) => Promise<string | null>;
  kept?: KeptEdits | null;
  /** Lets every VALIDATE through, whatever the kind's rules say (what is sent when they allow it). */
  lenient?: boolean;
}

export const build = (options: Options = {}) => {
  const demand = options.demand ?? studentDemand;
  const load = vi.fn(options.load ?? (async () => demand));
  const full = vi.fn(options.full ?? (async () => validated));
  const simple = vi.fn(options.simple ?? (async () => validated));
  const next = vi.fn(options.next ?? (async () => null));
  const card = vi.fn(options.card ?? (async (lookup: CardLookup) => lookup.cardId));
  const kept: (KeptEdits | "forgotten")[] = [];
  const machine = demandValidationMachine.provide({
    ...(options.lenient ? { guards: { fieldsInvalid: () => false } } : {}),
    actions: {
      keepEdits: (_, edits) => void kept.push(edits),
      forgetEdits: () => void kept.push("forgotten"),
    },
    actors: {
      loadDemand: fromPromise(() => load()),
      validateFull: fromPromise(({ input }) => full(input.form)),
      validateSimple: fromPromise(() => simple()),
      findCard: fromPromise(({ input }) => card(input)),
      findNextPending: fromPromise(async ({ input }) => {
        const found = await next({ search: input.search, id: input.id });
        return typeof found === "string" || found === null ? { id: found, left: null } : found;
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      kind: options.kind ?? student,
      id: demand.id,
      user: "agent",
      ...(options.kept ? { kept: options.kept } : {}),
      ...(options.listSearch !== undefined ? { listSearch: options.listSearch } : {}),
    },
  });
  const emitted: string[] = [];
  const nextIds: (string | null)[] = [];
  const lefts: (number | null)[] = [];
  actor.on("*", (e) => emitted.push(e.type));
  actor.on("nextPending", (e) => {
    nextIds.push(e.id);
    lefts.push(e.left);
  });
  actor.start();
  return { actor, load, full, simple, next, card, emitted, kept, nextIds, lefts };
};

export const ready = async (options: Options = {}) => {
  const built = build(options);
  await waitFor(built.actor, (s) => s.matches("ready"));
  return built;
};
