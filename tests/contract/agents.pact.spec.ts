/** Contract of src/api/endpoints/agents.ts: list (with search), create (multipart), duplicate, delete. */
import { HTTPResponseStatusClass, MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError, createAgent, deleteAgent, listAgents, paths } from "../../src/api";
import * as fx from "../fixtures/entities";
import { JSON_ANSWER, adminSignedIn, bearer, newPact, rejectionOf, state, useApi } from "./support/pact";
import { multipartBody } from "./support/multipart";
import { patterns } from "./support/examples";

const pact = newPact("agents");

const agentBody = {
  id: M.integer(Number(fx.agent.id)),
  username: M.like(fx.agent.username),
  first_name: M.like(fx.agent.first_name),
  last_name: M.like(fx.agent.last_name),
  email: M.like(fx.agent.email),
};

const agentForm = { ...fx.newAgent };
const agentFormPatterns = { username: "^[\\w.@+-]{1,150}$", email: patterns.email };

describe("agents", () => {
  it("lists the agents", async () => {
    await pact
      .interaction(adminSignedIn, state("agentNamed", { username: fx.agent.username }))
      .uponReceiving("a request for the agents")
      .withRequest("GET", paths.agents, (b) => b.headers(bearer()))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(M.eachLike(agentBody)))
      .executeTest(async (server) => {
        useApi(server.url);
        const agents = await listAgents();
        expect(agents.length).toBeGreaterThan(0);
      });
  });

  it("searches the agents by username", async () => {
    await pact
      .interaction(adminSignedIn, state("agentNamed", { username: fx.agent.username }))
      .uponReceiving("a search of the agents by username")
      .withRequest("GET", paths.agents, (b) => b.headers(bearer()).query({ search: fx.agent.username }))
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(M.eachLike(agentBody)))
      .executeTest(async (server) => {
        useApi(server.url);
        const agents = await listAgents(fx.agent.username);
        expect(agents[0]?.username).toEqual(expect.any(String));
      });
  });

  it("creates an agent (multipart)", async () => {
    await pact
      .interaction(adminSignedIn, state("noUser", { username: agentForm.username }))
      .uponReceiving("the creation of an agent")
      .withRequest("POST", paths.createAgent, (b) =>
        multipartBody(agentForm, [], agentFormPatterns)(b.headers(bearer())),
      )
      // Any 2xx means created, whatever its body: the client reads the list again.
      .willRespondWith(M.matchStatus(201, HTTPResponseStatusClass.Success))
      .executeTest(async (server) => {
        useApi(server.url);
        await expect(createAgent(agentForm)).resolves.toBeUndefined();
      });
  });

  it("is refused with 400 when the username is taken: Exist", async () => {
    const taken = { ...agentForm, username: fx.agent.username };
    await pact
      .interaction(adminSignedIn, state("agentNamed", { username: taken.username }))
      .uponReceiving("the creation of an agent whose username is taken")
      .withRequest("POST", paths.createAgent, (b) => multipartBody(taken, [], agentFormPatterns)(b.headers(bearer())))
      .willRespondWith(400, (b) => b.headers(JSON_ANSWER))
      .executeTest(async (server) => {
        useApi(server.url);
        const error = await rejectionOf(createAgent(taken));
        expect((error as ApiError).kind).toBe("exist");
      });
  });

  it("deletes an agent", async () => {
    await pact
      .interaction(adminSignedIn, state("agentWithId", { id: Number(fx.agent.id) }))
      .uponReceiving("the deletion of an agent")
      .withRequest("DELETE", paths.appUser(fx.agent.id), (b) => b.headers(bearer()))
      .willRespondWith(M.matchStatus(204, HTTPResponseStatusClass.Success))
      .executeTest(async (server) => {
        useApi(server.url);
        await expect(deleteAgent(fx.agent.id)).resolves.toBeUndefined();
      });
  });
});
