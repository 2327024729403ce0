import { Schema } from "effect";
import { paths } from "../paths";
import { formOf, request, requestVoid } from "../request";
import { readRows } from "../rows";
import { Agent, type AgentEdit, type NewAgent, type Page } from "../schemas";

/** Pages of a paged agent list followed at most: a runaway `next` chain stops here. */
const MAX_AGENT_PAGES = 50;

/**
 * `get_agent/`'s answer (docs/spec.md §7 does not show its shape), its rows read one by one (src/api/rows.ts): a bare
 * array, or DRF's paged envelope when the backend pages it (`next` then leads to the rest).
 */
const AgentRows = Schema.Union([
  Schema.Array(Schema.Unknown),
  Schema.Struct({ results: Schema.Array(Schema.Unknown), next: Schema.optionalKey(Schema.NullOr(Schema.String)) }),
]);

const isBare = (answer: typeof AgentRows.Type): answer is readonly unknown[] => Array.isArray(answer);

/**
 * Every agent, whether the backend answers a bare array or pages the list (its pages are joined), as one page: an
 * agent row the app cannot read is left out and counted (`skipped`), never costing the list.
 */
export const listAgentsPage = async (search?: string): Promise<Page<Agent>> => {
  let answer = await request(
    { operation: "listAgents", method: "get", url: paths.agents, searchParams: { search } },
    AgentRows,
  );
  const raw: unknown[] = [];
  for (let page = 1; ; page++) {
    if (isBare(answer)) {
      raw.push(...answer);
      break;
    }
    raw.push(...answer.results);
    if (!answer.next || page >= MAX_AGENT_PAGES) break;
    answer = await request(
      { operation: "listAgents", method: "get", url: answer.next, ownPath: paths.agents },
      AgentRows,
    );
  }
  const { rows, skipped } = readRows("listAgents", Agent, raw);
  return { count: rows.length, results: rows, next: null, previous: null, ...(skipped > 0 ? { skipped } : {}) };
};

/** Every agent the app can read (the exports name the agents who validated with it). */
export const listAgents = async (search?: string): Promise<readonly Agent[]> => (await listAgentsPage(search)).results;

/**
 * Any 2xx means created, whatever its body (an empty 201, `{}`, `{ "detail": … }`, the agent): spec §7 shows no
 * answer, and the list is read again for the agent as the server keeps it.
 */
export const createAgent = (agent: NewAgent): Promise<void> =>
  requestVoid({
    operation: "createAgent",
    method: "post",
    url: paths.createAgent,
    body: { form: formOf({ ...agent }) },
  });

export const deleteAgent = (id: string) =>
  requestVoid({ operation: "deleteAgent", method: "delete", url: paths.appUser(id) });

/**
 * Extension `agent-admin` (docs/extensions.md): an administrator changes an agent's names and e-mail, or disables
 * (`is_active: false`) and enables them; only the fields given are sent. Answers the agent as it now is.
 */
export const updateAgent = (id: string, edit: AgentEdit) =>
  request(
    {
      operation: "updateAgent",
      method: "patch",
      url: paths.appUser(id),
      body: { json: edit },
      extension: "agent-admin",
    },
    Agent,
  );

/**
 * Extension `agent-admin`: an administrator sets a new password on an agent's account with docs/spec.md §7's own
 * call (`PUT /base/api/v1/appuser/{id}/ {password}`); the backend then ends that agent's sessions.
 */
export const resetAgentPassword = (id: string, password: string) =>
  requestVoid({
    operation: "resetAgentPassword",
    method: "put",
    url: paths.appUser(id),
    body: { json: { password } },
    extension: "agent-admin",
  });
