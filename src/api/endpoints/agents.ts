import { paths } from "../paths";
import { formOf, request, requestVoid } from "../request";
import { Agent, AgentList, type NewAgent } from "../schemas";

export const listAgents = (search?: string) =>
  request({ operation: "listAgents", method: "get", url: paths.agents, searchParams: { search } }, AgentList);

export const createAgent = (agent: NewAgent) =>
  request({ operation: "createAgent", method: "post", url: paths.createAgent, body: { form: formOf({ ...agent }) } }, Agent);

export const deleteAgent = (id: number) => requestVoid({ operation: "deleteAgent", method: "delete", url: paths.appUser(id) });
