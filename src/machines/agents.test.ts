import { describe, expect, it } from "vitest";
import { createActor, waitFor, type SnapshotFrom } from "xstate";
import { ApiError, type Agent } from "../api";
import { agent, newAgent } from "../../tests/fixtures/entities";
import { agentFieldErrors, agentsMachine, type AgentListSnapshot } from "./agents";
import { pageInfo } from "./paged-list";
import { deferred } from "../../tests/fixtures/deferred";
import { agentsBackend, type AgentsBackendOptions } from "../../tests/fixtures/agents-backend";

const other: Agent = {
  id: "8",
  username: "mballa.noel",
  first_name: "Noël",
  last_name: "Mballa",
  email: "noel.mballa@uy1.cm",
};

const build = (options: AgentsBackendOptions = {}) => {
  const { machine, fetchAgents, create, remove } = agentsBackend([agent, other], options);
  const actor = createActor(machine);
  const emitted: { type: string }[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, fetchAgents, create, remove, emitted };
};

type Actor = ReturnType<typeof build>["actor"];
const list = (snapshot: SnapshotFrom<typeof agentsMachine>): AgentListSnapshot => snapshot.children.list!.getSnapshot();
/** The list is a child actor: its progress is observed on its own ref (as a screen's useSelector does). */
const waitList = (actor: Actor, predicate: (s: AgentListSnapshot) => boolean) =>
  waitFor(actor.getSnapshot().children.list!, predicate);
const settled = (s: AgentListSnapshot) => !s.matches("loading");

describe("agents machine: list", () => {
  it("lists agents as a single page", async () => {
    const { actor, fetchAgents } = build();
    await waitList(actor, settled);
    const snap = list(actor.getSnapshot());
    expect(snap.matches("ready")).toBe(true);
    expect(snap.context.data?.results).toEqual([agent, other]);
    expect(pageInfo(snap.context)).toMatchObject({ page: 1, totalPages: 1, count: 2 });
    expect(fetchAgents).toHaveBeenCalledWith("", expect.any(AbortSignal));
  });

  it("searches by username; 'No agents found' is the empty state", async () => {
    const { actor, fetchAgents } = build();
    await waitList(actor, settled);
    actor.send({ type: "SET_QUERY", search: "mballa" });
    await waitList(actor, (s) => settled(s) && s.context.query.search === "mballa");
    expect(list(actor.getSnapshot()).context.data?.results).toEqual([other]);
    actor.send({ type: "SET_QUERY", search: "nobody" });
    await waitList(actor, (s) => s.matches("empty"));
    expect(fetchAgents).toHaveBeenLastCalledWith("nobody", expect.any(AbortSignal));
  });

  it("a failed list retries", async () => {
    let fail = true;
    const { actor, fetchAgents } = build({
      fetch: async () => {
        if (fail) throw new ApiError("server", "listAgents", "/base/api/v1/appuser/get_agent/", 500, null);
        return [agent];
      },
    });
    await waitList(actor, (s) => s.matches("failed"));
    fail = false;
    actor.send({ type: "RETRY" });
    await waitList(actor, (s) => s.matches("ready"));
    expect(fetchAgents).toHaveBeenCalledTimes(2);
  });
});

describe("agents machine: add agent", () => {
  it("creates, refreshes the list and announces it", async () => {
    const { actor, create, fetchAgents, emitted } = build();
    await waitList(actor, settled);
    actor.send({ type: "CREATE", agent: { ...newAgent, username: "  ngo.bilong " } });
    expect(actor.getSnapshot().matches({ create: "creating" })).toBe(true);
    await waitFor(actor, (s) => s.matches({ create: "created" }));
    expect(create).toHaveBeenCalledWith({ ...newAgent, username: "ngo.bilong" });
    expect(emitted).toContainEqual(expect.objectContaining({ type: "agentAdded" }));
    await waitList(actor, (s) => settled(s) && s.context.data?.count === 3);
    expect(fetchAgents).toHaveBeenCalledTimes(2);
    actor.send({ type: "CLOSE_CREATE" });
    expect(actor.getSnapshot().matches({ create: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it("a double submit creates once", async () => {
    const answer = deferred<void>();
    const { actor, create } = build({ create: () => answer.promise });
    actor.send({ type: "CREATE", agent: newAgent });
    actor.send({ type: "CREATE", agent: newAgent });
    answer.resolve();
    await waitFor(actor, (s) => s.matches({ create: "created" }));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("'Agent already exists' on a 400 (kind exist); another username can then be sent", async () => {
    const { actor, create } = build({
      create: async (a) => {
        if (a.username === agent.username)
          throw new ApiError("exist", "createAgent", "/base/api/v1/appuser/create_agent/", 400, {
            username: ["taken"],
          });
      },
    });
    actor.send({ type: "CREATE", agent: { ...newAgent, username: agent.username } });
    await waitFor(actor, (s) => s.matches({ create: "exists" }));
    expect(actor.getSnapshot().context.createErrorKey).toBe("errors:agentExists");
    actor.send({ type: "CREATE", agent: newAgent });
    await waitFor(actor, (s) => s.matches({ create: "created" }));
    expect(create).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.createErrorKey).toBeNull();
  });

  it("other failures are 'failed' with their message, and can be sent again", async () => {
    let fail = true;
    const { actor, create } = build({
      create: async () => {
        if (fail) throw new ApiError("network", "createAgent", "/x", null, "offline");
      },
    });
    actor.send({ type: "CREATE", agent: newAgent });
    await waitFor(actor, (s) => s.matches({ create: "failed" }));
    expect(actor.getSnapshot().context.createErrorKey).toBe("errors:network");
    expect(actor.getSnapshot().context.draft).toEqual(newAgent);
    fail = false;
    actor.send({ type: "CREATE", agent: newAgent });
    await waitFor(actor, (s) => s.matches({ create: "created" }));
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("refuses an invalid form without calling the server", () => {
    const { actor, create } = build();
    actor.send({ type: "CREATE", agent: { ...newAgent, username: " ", password: "short", email: "nope" } });
    expect(actor.getSnapshot().matches({ create: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: "validation:usernameRequired",
      password: "validation:passwordMin",
      email: "validation:emailInvalid",
    });
    expect(create).not.toHaveBeenCalled();
    actor.send({ type: "CLOSE_CREATE" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it("can add a second agent after the first", async () => {
    const { actor, create } = build();
    actor.send({ type: "CREATE", agent: newAgent });
    await waitFor(actor, (s) => s.matches({ create: "created" }));
    actor.send({ type: "CREATE", agent: { ...newAgent, username: "second" } });
    await waitFor(actor, (s) => s.matches({ create: "created" }) && s.context.draft?.username === "second");
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe("agents machine: delete agent", () => {
  it("asks for confirmation, deletes, refreshes the list and announces it", async () => {
    const { actor, remove, emitted } = build();
    await waitList(actor, settled);
    actor.send({ type: "REQUEST_DELETE", agent: other });
    expect(actor.getSnapshot().matches({ remove: "confirming" })).toBe(true);
    expect(remove).not.toHaveBeenCalled();
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches({ remove: "deleted" }));
    expect(remove).toHaveBeenCalledWith(other.id);
    expect(emitted).toContainEqual({ type: "agentDeleted", agent: other });
    await waitList(actor, (s) => settled(s) && s.context.data?.count === 1);
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().matches({ remove: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it("CANCEL at the confirmation deletes nothing", () => {
    const { actor, remove } = build();
    actor.send({ type: "REQUEST_DELETE", agent });
    actor.send({ type: "CANCEL" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().matches({ remove: "idle" })).toBe(true);
    expect(remove).not.toHaveBeenCalled();
  });

  it("a double confirm deletes once", async () => {
    const answer = deferred<void>();
    const { actor, remove } = build({ remove: () => answer.promise });
    actor.send({ type: "REQUEST_DELETE", agent });
    actor.send({ type: "CONFIRM" });
    actor.send({ type: "CONFIRM" });
    answer.resolve();
    await waitFor(actor, (s) => s.matches({ remove: "deleted" }));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it("a failed delete keeps the agent, and confirming again retries it", async () => {
    let fail = true;
    const { actor, remove } = build({
      remove: async () => {
        if (fail) throw new ApiError("server", "deleteAgent", "/base/api/v1/appuser/7/", 500, null);
      },
    });
    actor.send({ type: "REQUEST_DELETE", agent });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches({ remove: "failed" }));
    expect(actor.getSnapshot().context.deleteErrorKey).toBe("errors:server");
    expect(actor.getSnapshot().context.target).toEqual(agent);
    fail = false;
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches({ remove: "deleted" }));
    expect(remove).toHaveBeenCalledTimes(2);
    expect(remove).toHaveBeenLastCalledWith(agent.id);
  });

  it("creating and deleting run independently", async () => {
    const creation = deferred<void>();
    const { actor } = build({ create: () => creation.promise });
    actor.send({ type: "CREATE", agent: newAgent });
    actor.send({ type: "REQUEST_DELETE", agent });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches({ remove: "deleted" }));
    expect(actor.getSnapshot().matches({ create: "creating" })).toBe(true);
    creation.resolve();
    await waitFor(actor, (s) => s.matches({ create: "created" }));
  });
});

describe("agentFieldErrors", () => {
  it("accepts the sample new agent", () => {
    expect(agentFieldErrors(newAgent)).toEqual({});
  });
  it("requires username and password, applies the password rules, checks a given e-mail", () => {
    expect(agentFieldErrors({ ...newAgent, username: "", password: "" })).toEqual({
      username: "validation:usernameRequired",
      password: "validation:passwordRequired",
    });
    expect(agentFieldErrors({ ...newAgent, password: "alllowercase1" }).password).toBe("validation:passwordUppercase");
    expect(agentFieldErrors({ ...newAgent, email: "" })).toEqual({});
    expect(agentFieldErrors({ ...newAgent, email: "a@b" }).email).toBe("validation:emailInvalid");
  });
  it("refuses lone surrogates, non-characters and invisible characters in every text field", () => {
    expect(
      agentFieldErrors({
        ...newAgent,
        username: "mb\uD800",
        first_name: "Ngo\uD800no",
        last_name: "Mbe\uFFFEla",
        email: "h\uDC00@usa.cm",
      }),
    ).toEqual({
      username: "validation:invisibleChars",
      first_name: "validation:invisibleChars",
      last_name: "validation:invisibleChars",
      email: "validation:invisibleChars",
    });
  });
});
