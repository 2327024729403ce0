import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type Agent } from "../api";
import { agent } from "../../tests/fixtures/entities";
import { deferred } from "../../tests/fixtures/deferred";
import { agentAdminMachine, type AgentAdminEmitted } from "./agent-admin";

type Sent = { readonly agent: Agent; readonly request: unknown };

const build = (answer: (input: Sent) => Promise<Agent> = async ({ agent: a }) => a) => {
  const send = vi.fn(answer);
  const actor = createActor(agentAdminMachine.provide({ actors: { send: fromPromise(({ input }) => send(input)) } }));
  const emitted: AgentAdminEmitted[] = [];
  actor.on("agentUpdated", (e) => emitted.push(e));
  actor.start();
  return { actor, send, emitted };
};

const names = { first_name: "  Hortense ", last_name: "Mbella", email: " h.mbella@usa.cm " };

describe("agent administration machine (extension agent-admin)", () => {
  it("edits: a wrong e-mail stays in the dialog unsent; accepted names are sent trimmed and the dialog closes", async () => {
    const { actor, send, emitted } = build();
    actor.send({ type: "OPEN", agent, action: "edit" });
    actor.send({ type: "SUBMIT", names: { ...names, email: "nope" } });
    expect(actor.getSnapshot().value).toBe("open");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: "validation:emailInvalid" });
    actor.send({ type: "SUBMIT", names });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(send.mock.calls.map(([input]) => input.request)).toEqual([
      { kind: "update", edit: { first_name: "Hortense", last_name: "Mbella", email: "h.mbella@usa.cm" } },
    ]);
    expect(emitted).toEqual([{ type: "agentUpdated", agent, action: "edit" }]);
  });

  it("toggles: an active agent is disabled, a disabled one enabled", async () => {
    const { actor, send } = build();
    for (const account of [agent, { ...agent, is_active: false }]) {
      actor.send({ type: "OPEN", agent: account, action: "toggle" });
      actor.send({ type: "SUBMIT" });
      await waitFor(actor, (s) => s.matches("closed"));
    }
    expect(send.mock.calls.map(([input]) => input.request)).toEqual([
      { kind: "update", edit: { is_active: false } },
      { kind: "update", edit: { is_active: true } },
    ]);
  });

  it("resets: the rules and the confirmation first; a server refusal stays in the dialog with its words on the field", async () => {
    const { actor, send } = build(async () => {
      throw new ApiError("badRequest", "resetAgentPassword", "/base/api/v1/appuser/7/", 400, {
        password: ["This password is too common."],
      });
    });
    actor.send({ type: "OPEN", agent, action: "reset" });
    actor.send({ type: "SUBMIT", password: { password: "Reset@2027x", confirm: "Reset@2027" } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirm: "validation:passwordMismatch" });
    actor.send({ type: "SUBMIT", password: { password: "short", confirm: "short" } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: "validation:passwordMin" });
    expect(send).not.toHaveBeenCalled();

    actor.send({ type: "SUBMIT", password: { password: "Reset@2027x", confirm: "Reset@2027x" } });
    await waitFor(actor, (s) => s.matches("open") && s.context.errorKey !== null);
    expect(send.mock.calls.map(([input]) => input.request)).toEqual([{ kind: "reset", password: "Reset@2027x" }]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ password: "This password is too common." });
  });

  it("sends once on a double submit, and a close while sending waits for the answer", async () => {
    const held = deferred<Agent>();
    const { actor, send, emitted } = build(() => held.promise);
    actor.send({ type: "OPEN", agent, action: "toggle" });
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("sending");
    held.resolve({ ...agent, is_active: false });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(send).toHaveBeenCalledTimes(1);
    expect(emitted.map((e) => e.agent.is_active)).toEqual([false]);
  });
});
