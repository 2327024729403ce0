import { assertEvent, assign, emit, fromPromise, sendTo, setup, type SnapshotFrom } from "xstate";
import { createAgent, deleteAgent, fieldProblems, isApiError, listAgentsPage, type Agent, type NewAgent } from "../api";
import { messageKeyOf } from "../api/messages";
import { newPasswordProblems } from "../forms/password";
import { FREE_TEXT_MAX, freeTextProblem, hasUntypableChars } from "../forms/text-chars";
import { createPagedListMachine, pageFetcher } from "./paged-list";
import { required } from "./required";

/**
 * Agent management (docs/spec.md §2 "Agents list", administrator view): three parallel parts.
 *
 *   list    the paged-list machine (child actor "list"; agents come as a plain array, listed as one page),
 *           searched by username: SET_QUERY { search }, REFRESH, RETRY are forwarded to it
 *   create  idle → creating → created | exists ("Agent already exists", ApiError kind exist) | failed
 *   remove  idle → confirming ("Supprimer cet agent ?") → deleting → deleted | failed
 *
 * A double submit creates once and a double confirm deletes once (no CREATE in creating, no CONFIRM in
 * deleting). A creation or a deletion refreshes the list.
 */

export type AgentFieldErrors = Readonly<Partial<Record<keyof NewAgent, string>>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The add-agent dialog's rules: username and password required, the password following the new-password rules
 * of docs/spec.md §5, the e-mail valid when given, no invisible, half or non-characters in any text. Keys of the "validation" namespace.
 */
export const agentFieldErrors = (agent: NewAgent): AgentFieldErrors => {
  const errors: Partial<Record<keyof NewAgent, string>> = {};
  if (agent.username.trim() === "") errors.username = "validation:usernameRequired";
  const passwordProblem = newPasswordProblems(agent.password)[0];
  if (passwordProblem) errors.password = passwordProblem;
  if (agent.email.trim() !== "" && !emailPattern.test(agent.email.trim())) errors.email = "validation:emailInvalid";
  for (const field of ["username", "first_name", "last_name", "email"] as const) {
    if (hasUntypableChars(agent[field])) errors[field] = "validation:invisibleChars";
  }
  for (const field of ["first_name", "last_name"] as const) {
    if (freeTextProblem(agent[field].trim(), FREE_TEXT_MAX.name) === "tooLong") errors[field] = "validation:nameMax";
  }
  return errors;
};

/** A new agent as sent: names and e-mail trimmed, the password untouched. */
const cleanAgent = (agent: NewAgent): NewAgent => ({
  username: agent.username.trim(),
  password: agent.password,
  first_name: agent.first_name.trim(),
  last_name: agent.last_name.trim(),
  email: agent.email.trim(),
});

/** Agents by username search (GET /base/api/v1/appuser/get_agent/?search=), a plain array listed as one page. */
export const agentListMachine = createPagedListMachine<Agent, null>("agentList").provide({
  actors: {
    fetchPage: pageFetcher<Agent, null>((request) => listAgentsPage(request.search.trim() || undefined)),
  },
});

export interface AgentsContext {
  /** The add-agent form as last submitted. */
  readonly draft: NewAgent | null;
  readonly fieldErrors: AgentFieldErrors;
  readonly createError: unknown;
  readonly createErrorKey: string | null;
  /** Field problems the server gave with a 400 (texts as it wrote them), for the draft that was sent. */
  readonly serverFieldErrors: Readonly<Record<string, string>>;
  /** The agent being confirmed, deleted, or just deleted. */
  readonly target: Agent | null;
  readonly deleteError: unknown;
  readonly deleteErrorKey: string | null;
}

export type AgentsEvent =
  | { readonly type: "SET_QUERY"; readonly search: string }
  | { readonly type: "REFRESH" }
  | { readonly type: "RETRY" }
  | { readonly type: "CREATE"; readonly agent: NewAgent }
  /** Closes the add dialog: back to idle, form state dropped. */
  | { readonly type: "CLOSE_CREATE" }
  | { readonly type: "REQUEST_DELETE"; readonly agent: Agent }
  | { readonly type: "CONFIRM" }
  | { readonly type: "CANCEL" };

export type AgentsEmitted = { readonly type: "agentAdded" } | { readonly type: "agentDeleted"; readonly agent: Agent };

export const agentsMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as AgentsContext,
    events: {} as AgentsEvent,
    emitted: {} as AgentsEmitted,
    children: {} as { list: "list" },
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    list: agentListMachine,
    createAgent: fromPromise<void, NewAgent>(({ input }) => createAgent(input)),
    deleteAgent: fromPromise<void, { readonly id: string }>(({ input }) => deleteAgent(input.id)),
  },
  guards: {
    agentInvalid: ({ event }) => {
      assertEvent(event, "CREATE");
      return Object.keys(agentFieldErrors(event.agent)).length > 0;
    },
    exists: (_, { error }: { readonly error: unknown }) => isApiError(error) && error.kind === "exist",
  },
  actions: {
    refreshList: sendTo("list", { type: "REFRESH" }),
    refuse: assign(({ event }) => {
      assertEvent(event, "CREATE");
      return { draft: event.agent, fieldErrors: agentFieldErrors(event.agent) };
    }),
    takeDraft: assign(({ event }) => {
      assertEvent(event, "CREATE");
      return {
        draft: cleanAgent(event.agent),
        fieldErrors: {},
        createError: null,
        createErrorKey: null,
        serverFieldErrors: {},
      };
    }),
    resetCreate: assign({
      draft: null,
      fieldErrors: {},
      createError: null,
      createErrorKey: null,
      serverFieldErrors: {},
    }),
    takeTarget: assign(({ event }) => {
      assertEvent(event, "REQUEST_DELETE");
      return { target: event.agent, deleteError: null, deleteErrorKey: null };
    }),
    resetDelete: assign({ target: null, deleteError: null, deleteErrorKey: null }),
  },
}).createMachine({
  id: "agents",
  type: "parallel",
  context: {
    draft: null,
    fieldErrors: {},
    createError: null,
    createErrorKey: null,
    serverFieldErrors: {},
    target: null,
    deleteError: null,
    deleteErrorKey: null,
  },
  invoke: { id: "list", src: "list", input: { query: { filter: null } } },
  on: {
    SET_QUERY: { actions: sendTo("list", ({ event }) => ({ type: "SET_QUERY" as const, search: event.search })) },
    REFRESH: { actions: "refreshList" },
    RETRY: { actions: sendTo("list", { type: "RETRY" }) },
  },
  states: {
    create: {
      initial: "idle",
      states: {
        idle: {
          on: {
            CLOSE_CREATE: { actions: "resetCreate" },
            CREATE: [
              { guard: "agentInvalid", actions: "refuse" },
              { target: "creating", actions: "takeDraft" },
            ],
          },
        },
        creating: {
          // No CREATE here: a double submit creates once.
          invoke: {
            src: "createAgent",
            input: ({ context }) => required(context.draft, "The new agent"),
            onDone: {
              target: "created",
              actions: ["refreshList", emit({ type: "agentAdded" as const })],
            },
            onError: [
              {
                guard: { type: "exists", params: ({ event }) => ({ error: event.error }) },
                target: "exists",
                actions: assign({ createError: ({ event }) => event.error, createErrorKey: "errors:agentExists" }),
              },
              {
                target: "failed",
                actions: assign({
                  createError: ({ event }) => event.error,
                  createErrorKey: ({ event }) => messageKeyOf(event.error),
                  serverFieldErrors: ({ event }) => fieldProblems(event.error),
                }),
              },
            ],
          },
        },
        created: {
          on: {
            CLOSE_CREATE: { target: "idle", actions: "resetCreate" },
            CREATE: [
              { guard: "agentInvalid", target: "idle", actions: ["resetCreate", "refuse"] },
              { target: "creating", actions: ["resetCreate", "takeDraft"] },
            ],
          },
        },
        exists: {
          on: {
            CLOSE_CREATE: { target: "idle", actions: "resetCreate" },
            CREATE: [
              { guard: "agentInvalid", target: "idle", actions: "refuse" },
              { target: "creating", actions: "takeDraft" },
            ],
          },
        },
        failed: {
          on: {
            CLOSE_CREATE: { target: "idle", actions: "resetCreate" },
            CREATE: [
              { guard: "agentInvalid", target: "idle", actions: "refuse" },
              { target: "creating", actions: "takeDraft" },
            ],
          },
        },
      },
    },
    remove: {
      initial: "idle",
      states: {
        idle: {
          on: { REQUEST_DELETE: { target: "confirming", actions: "takeTarget" } },
        },
        confirming: {
          on: {
            CONFIRM: { target: "deleting" },
            CANCEL: { target: "idle", actions: "resetDelete" },
          },
        },
        deleting: {
          // No CONFIRM here: a double confirm deletes once.
          invoke: {
            src: "deleteAgent",
            input: ({ context }) => ({ id: required(context.target, "The agent to delete").id }),
            onDone: {
              target: "deleted",
              actions: [
                "refreshList",
                emit(({ context }) => ({
                  type: "agentDeleted" as const,
                  agent: required(context.target, "The deleted agent"),
                })),
              ],
            },
            onError: {
              target: "failed",
              actions: assign({
                deleteError: ({ event }) => event.error,
                deleteErrorKey: ({ event }) => messageKeyOf(event.error),
              }),
            },
          },
        },
        deleted: {
          on: {
            CANCEL: { target: "idle", actions: "resetDelete" },
            REQUEST_DELETE: { target: "confirming", actions: "takeTarget" },
          },
        },
        failed: {
          on: {
            // Confirming again retries the same agent.
            CONFIRM: { target: "deleting", actions: assign({ deleteError: null, deleteErrorKey: null }) },
            CANCEL: { target: "idle", actions: "resetDelete" },
            REQUEST_DELETE: { target: "confirming", actions: "takeTarget" },
          },
        },
      },
    },
  },
});

/** The list child's snapshot, as `snapshot.children.list.getSnapshot()` gives it. */
export type AgentListSnapshot = SnapshotFrom<typeof agentListMachine>;
