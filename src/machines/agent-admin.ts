import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { fieldProblems, resetAgentPassword, updateAgent, type Agent, type AgentEdit } from "../api";
import { messageKeyOf } from "../api/messages";
import { newPasswordProblems } from "../forms/password";
import { FREE_TEXT_MAX, freeTextProblem, hasUntypableChars } from "../forms/text-chars";
import { required } from "./required";

/**
 * Extension `agent-admin` (docs/extensions.md) on the agents page: an administrator edits one agent's names and
 * e-mail, disables or enables the account (its history stays), or sets a new password (which ends the agent's
 * sessions). One dialog at a time:
 *
 *   closed —OPEN {agent, action}→ open —SUBMIT→ sending → closed (emits "agentUpdated") | open with the error
 *
 * A SUBMIT the rules refuse stays in `open` with the fields' errors; a double submit sends once (no SUBMIT while
 * sending); CLOSE while sending is ignored, so the answer is never lost.
 */

export type AgentAction = "edit" | "toggle" | "reset";

export interface AgentNames {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
}

export interface NewPassword {
  readonly password: string;
  readonly confirm: string;
}

export type AgentAdminErrors = Readonly<Partial<Record<keyof AgentNames | keyof NewPassword, string>>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The edit dialog's rules, as the add dialog's: a valid e-mail when given, no invisible characters. */
export const agentNamesErrors = (names: AgentNames): AgentAdminErrors => {
  const errors: Partial<Record<keyof AgentNames, string>> = {};
  if (names.email.trim() !== "" && !emailPattern.test(names.email.trim())) errors.email = "validation:emailInvalid";
  for (const field of ["first_name", "last_name", "email"] as const) {
    if (hasUntypableChars(names[field])) errors[field] = "validation:invisibleChars";
  }
  for (const field of ["first_name", "last_name"] as const) {
    if (freeTextProblem(names[field].trim(), FREE_TEXT_MAX.name) === "tooLong") errors[field] = "validation:nameMax";
  }
  return errors;
};

/** The reset dialog's rules: docs/spec.md §5's new password, and the same typed twice. */
export const newPasswordErrors = ({ password, confirm }: NewPassword): AgentAdminErrors => {
  const errors: Partial<Record<keyof NewPassword, string>> = {};
  const problem = newPasswordProblems(password)[0];
  if (problem) errors.password = problem;
  if (confirm === "") errors.confirm = "validation:passwordConfirmRequired";
  else if (confirm !== password) errors.confirm = "validation:passwordMismatch";
  return errors;
};

export type AgentAdminEvent =
  | { readonly type: "OPEN"; readonly agent: Agent; readonly action: AgentAction }
  | { readonly type: "CLOSE" }
  /** edit: the names; toggle: nothing (the account's state is flipped); reset: the new password twice. */
  | { readonly type: "SUBMIT"; readonly names?: AgentNames; readonly password?: NewPassword };

export interface AgentAdminContext {
  readonly agent: Agent | null;
  readonly action: AgentAction | null;
  readonly fieldErrors: AgentAdminErrors;
  /** The server's words on a field (a 400), shown under it. */
  readonly serverErrors: Readonly<Record<string, string>>;
  readonly errorKey: string | null;
  /** What SUBMIT sends, once the rules accept it. */
  readonly request:
    | { readonly kind: "update"; readonly edit: AgentEdit }
    | { readonly kind: "reset"; readonly password: string }
    | null;
}

export type AgentAdminEmitted = {
  readonly type: "agentUpdated";
  readonly agent: Agent;
  readonly action: AgentAction;
};

/** An account with no `is_active` (docs/spec.md's answer) is active. */
export const isActive = (agent: Agent): boolean => agent.is_active !== false;

const cleared = { fieldErrors: {}, serverErrors: {}, errorKey: null, request: null };

/** What a SUBMIT asks for, or the rules' errors. */
const requestOf = (
  context: AgentAdminContext,
  event: Extract<AgentAdminEvent, { type: "SUBMIT" }>,
): { request: AgentAdminContext["request"]; fieldErrors: AgentAdminErrors } => {
  const agent = required(context.agent, "The agent");
  if (context.action === "toggle")
    return { request: { kind: "update", edit: { is_active: !isActive(agent) } }, fieldErrors: {} };
  if (context.action === "reset") {
    const typed = event.password ?? { password: "", confirm: "" };
    const errors = newPasswordErrors(typed);
    return Object.keys(errors).length > 0
      ? { request: null, fieldErrors: errors }
      : { request: { kind: "reset", password: typed.password }, fieldErrors: {} };
  }
  const names = event.names ?? { first_name: agent.first_name, last_name: agent.last_name, email: agent.email };
  const errors = agentNamesErrors(names);
  if (Object.keys(errors).length > 0) return { request: null, fieldErrors: errors };
  const edit = { first_name: names.first_name.trim(), last_name: names.last_name.trim(), email: names.email.trim() };
  return { request: { kind: "update", edit }, fieldErrors: {} };
};

export const agentAdminMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as AgentAdminContext,
    events: {} as AgentAdminEvent,
    emitted: {} as AgentAdminEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    send: fromPromise<Agent, { readonly agent: Agent; readonly request: NonNullable<AgentAdminContext["request"]> }>(
      async ({ input }) => {
        if (input.request.kind === "update") return updateAgent(input.agent.id, input.request.edit);
        await resetAgentPassword(input.agent.id, input.request.password);
        return input.agent;
      },
    ),
  },
  guards: {
    accepted: ({ context, event }) => {
      assertEvent(event, "SUBMIT");
      return requestOf(context, event).request !== null;
    },
  },
}).createMachine({
  id: "agentAdmin",
  context: { agent: null, action: null, ...cleared },
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: {
          target: "open",
          actions: assign(({ event }) => ({ agent: event.agent, action: event.action, ...cleared })),
        },
      },
    },
    open: {
      on: {
        CLOSE: { target: "closed", actions: assign({ agent: null, action: null, ...cleared }) },
        SUBMIT: [
          {
            guard: "accepted",
            target: "sending",
            actions: assign(({ context, event }) => ({ ...cleared, request: requestOf(context, event).request })),
          },
          {
            actions: assign(({ context, event }) => ({
              ...cleared,
              fieldErrors: requestOf(context, event).fieldErrors,
            })),
          },
        ],
      },
    },
    sending: {
      invoke: {
        src: "send",
        input: ({ context }) => ({
          agent: required(context.agent, "The agent"),
          request: required(context.request, "The request"),
        }),
        onDone: {
          target: "closed",
          actions: [
            emit(({ context, event }) => ({
              type: "agentUpdated" as const,
              agent: event.output,
              action: required(context.action, "The action"),
            })),
            assign({ agent: null, action: null, ...cleared }),
          ],
        },
        onError: {
          target: "open",
          actions: assign({
            errorKey: ({ event }) => messageKeyOf(event.error),
            serverErrors: ({ event }) => fieldProblems(event.error),
          }),
        },
      },
    },
  },
});
