// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createAgent, getProfile, listAgents, login, resetAgentPassword, updateAgent } from "../api";
import { rejectionOf, useSignedInDemoServer } from "./test-support";

/** Extension `agent-admin` in the demo backend: an administrator edits, disables and resets an agent. */

const demo = useSignedInDemoServer();

let serial = 0;
/** A fresh agent, signed in on a token of their own. */
const freshAgent = async () => {
  const username = `fresh${++serial}`;
  await createAgent({ username, password: "Fresh@2026", first_name: "Aimé", last_name: "Fotsing", email: "" });
  const [agent] = await listAgents(username);
  if (!agent) throw new Error("not created");
  const token = (await login(username, "Fresh@2026")).access;
  return { agent, username, token };
};

/** The profile as `token` reads it: the agent's session alive, or its error. */
const profileWith = async (token: string) => {
  demo.setToken(token);
  try {
    return await getProfile();
  } catch (error) {
    return error;
  } finally {
    await demo.signIn();
  }
};

describe("agent-admin in the demo backend", () => {
  it("edits an agent's names and e-mail (PATCH), read back in the list; a bad e-mail is refused on its field", async () => {
    const { agent, username } = await freshAgent();
    const edited = await updateAgent(agent.id, { first_name: "Hortense", last_name: "Mbella", email: "h@usa.cm" });
    expect(edited).toMatchObject({ id: agent.id, username, first_name: "Hortense", email: "h@usa.cm" });
    expect((await listAgents(username))[0]).toMatchObject({ last_name: "Mbella", is_active: true });
    expect(await rejectionOf(updateAgent(agent.id, { email: "not-an-address" }))).toMatchObject({
      status: 400,
      content: { email: ["Enter a valid email address."] },
    });
  });

  it("disables an agent: their sessions end, sign-in is refused, the account stays listed; enabling lets them back", async () => {
    const { agent, username, token } = await freshAgent();
    expect(await updateAgent(agent.id, { is_active: false })).toMatchObject({ is_active: false });
    expect(await profileWith(token)).toMatchObject({ status: 401 });
    expect(await rejectionOf(login(username, "Fresh@2026"))).toMatchObject({ status: 401 });
    expect((await listAgents(username))[0]).toMatchObject({ id: agent.id, is_active: false });

    await updateAgent(agent.id, { is_active: true });
    expect((await login(username, "Fresh@2026")).access).toBeTruthy();
  });

  it("resets an agent's password: the new one signs in, the old one no longer does, the agent's sessions end", async () => {
    const { agent, username, token } = await freshAgent();
    await resetAgentPassword(agent.id, "Reset@2027x");
    expect(await profileWith(token)).toMatchObject({ status: 401 });
    expect(await rejectionOf(login(username, "Fresh@2026"))).toMatchObject({ status: 401 });
    expect((await login(username, "Reset@2027x")).access).toBeTruthy();
    expect(await rejectionOf(resetAgentPassword(agent.id, "short"))).toMatchObject({ status: 400 });
  });

  it("only an administrator may; nobody disables their own account", async () => {
    const { agent } = await freshAgent();
    const admin = await getProfile();
    expect(await rejectionOf(updateAgent(String(admin.id), { is_active: false }))).toMatchObject({
      status: 400,
      content: { is_active: ["You cannot disable your own account."] },
    });
    await demo.signIn("agent", "Agent@2026");
    expect(await rejectionOf(updateAgent(agent.id, { first_name: "X" }))).toMatchObject({ status: 403 });
    expect(await rejectionOf(resetAgentPassword(agent.id, "Reset@2027x"))).toMatchObject({ status: 403 });
  });
});
