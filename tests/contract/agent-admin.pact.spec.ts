/**
 * Contract of the `agent-admin` extension (docs/extensions.md), in the extensions' own pact: an administrator edits
 * an agent's names and e-mail and disables the account (`PATCH /base/api/v1/appuser/{id}/`), and sets a new password
 * on it with the specification's own call; an agent may do none of it (403).
 */
import { HTTPResponseStatusClass, MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { paths, resetAgentPassword, updateAgent } from "../../src/api";
import * as fx from "../fixtures/entities";
import { AGENT, JSON_ANSWER, JSON_REQUEST, adminSignedIn, bearer, newPact, state, useApi } from "./support/pact";

const pact = newPact("agent-admin", "extensions");
const id = fx.agent.id;
/** The agent's id as the provider sends it: DRF's integer key (the app keeps it as text). */
const wireId = Number(id);

const agentBody = (overrides: Record<string, unknown>) => ({
  id: M.equal(wireId),
  username: M.like(fx.agent.username),
  first_name: M.like(fx.agent.first_name),
  last_name: M.like(fx.agent.last_name),
  email: M.like(fx.agent.email),
  is_active: M.boolean(true),
  ...overrides,
});

describe("agent-admin", () => {
  it("edits an agent's names and e-mail", async () => {
    const edit = { first_name: "Hortense", last_name: "Mbella", email: "h.mbella@usa.cm" };
    await pact
      .interaction(adminSignedIn, state("agentWithId", { id: wireId }))
      .uponReceiving("an administrator's edit of an agent's names and e-mail")
      .withRequest("PATCH", paths.appUser(id), (b) => b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody(edit))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody(
          agentBody({
            first_name: M.equal(edit.first_name),
            last_name: M.equal(edit.last_name),
            email: M.equal(edit.email),
          }),
        ),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        expect(await updateAgent(id, edit)).toMatchObject(edit);
      });
  });

  it("disables an agent: the account stays, inactive", async () => {
    await pact
      .interaction(adminSignedIn, state("agentWithId", { id: wireId }))
      .uponReceiving("an administrator disabling an agent")
      .withRequest("PATCH", paths.appUser(id), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ is_active: false }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody(agentBody({ is_active: M.equal(false) })))
      .executeTest(async (server) => {
        useApi(server.url);
        expect(await updateAgent(id, { is_active: false })).toMatchObject({ id, is_active: false });
      });
  });

  it("sets a new password on an agent's account", async () => {
    await pact
      .interaction(adminSignedIn, state("agentWithId", { id: wireId }))
      .uponReceiving("an administrator setting a new password on an agent's account")
      .withRequest("PUT", paths.appUser(id), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ password: "Reset@2027x" }),
      )
      // Any 2xx: the client reads nothing from it.
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success))
      .executeTest(async (server) => {
        useApi(server.url);
        await expect(resetAgentPassword(id, "Reset@2027x")).resolves.toBeUndefined();
      });
  });

  it("is refused to an agent (403)", async () => {
    await pact
      .interaction(state("agentSignedIn", AGENT), state("agentWithId", { id: wireId }))
      .uponReceiving("an agent trying to disable another agent")
      .withRequest("PATCH", paths.appUser(id), (b) =>
        b.headers({ ...bearer(AGENT.token), ...JSON_REQUEST }).jsonBody({ is_active: false }),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ detail: M.like("You do not have permission to perform this action.") }),
      )
      .executeTest(async (server) => {
        useApi(server.url, AGENT.token);
        await expect(updateAgent(id, { is_active: false })).rejects.toMatchObject({ kind: "forbidden" });
      });
  });
});
