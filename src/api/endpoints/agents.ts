import { paths } from "../paths";
import { formOf, request, requestVoid } from "../request";
import { AgentList, type Agent, type NewAgent } from "../schemas";

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

export const deleteAgent = (id: number) =>
  requestVoid({ operation: "deleteAgent", method: "delete", url: paths.appUser(id) });
