import { paths } from "../paths";
import { formOf, request, requestVoid } from "../request";
import { Agent, AgentList, type AgentEdit, type NewAgent } from "../schemas";

/** Pages of a paged agent list followed at most: a runaway `next` chain stops here. */
const MAX_AGENT_PAGES = 50;

const isBare = (answer: AgentList): answer is readonly Agent[] => Array.isArray(answer);

/** Every agent, whether the backend answers a bare array or pages the list (its pages are joined). */
export const listAgents = async (search?: string): Promise<readonly Agent[]> => {
  let answer = await request(
    { operation: "listAgents", method: "get", url: paths.agents, searchParams: { search } },
    AgentList,
  );
  const agents: Agent[] = [];
  for (let page = 1; ; page++) {
    if (isBare(answer)) return [...agents, ...answer];
    agents.push(...answer.results);
    if (!answer.next || page >= MAX_AGENT_PAGES) return agents;
    answer = await request(
      { operation: "listAgents", method: "get", url: answer.next, ownPath: paths.agents },
      AgentList,
    );
  }
};

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
