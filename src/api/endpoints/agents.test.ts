// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configureApi } from "../runtime";
import * as fx from "../../../tests/fixtures/entities";
import { createAgent, deleteAgent, listAgents } from "./agents";
import { empty, formEntries, json, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, answerInTurn, only } = backend;

describe("agent calls", () => {
  it("listAgents accepts a bare array and DRF's paged envelope, whose next pages it joins", async () => {
    backend.token = "t";
    answer(() => json([fx.agent]));
    await expect(listAgents()).resolves.toEqual([fx.agent]);
    const second = { ...fx.agent, id: 2, username: "agent.two" };
    answerInTurn(
      () =>
        json({
          count: 2,
          next: "http://localhost/base/api/v1/appuser/get_agent/?page=2",
          previous: null,
          results: [fx.agent],
        }),
      () =>
        json({ count: 2, next: null, previous: "http://localhost/base/api/v1/appuser/get_agent/", results: [second] }),
    );
    backend.sent = [];
    await expect(listAgents()).resolves.toEqual([fx.agent, { ...second, id: "2" }]);
    expect(backend.sent.map((s) => s.url.search)).toEqual(["", "?page=2"]);
  });

  it("listAgents follows a next link of another scheme and host on its own URL under the base URL", async () => {
    configureApi({ baseUrl: "https://cards.univ.cm/backend/" });
    backend.token = "t";
    const second = { ...fx.agent, id: 2, username: "agent.two" };
    answerInTurn(
      () =>
        json({
          count: 2,
          next: "http://10.0.0.5:8000/backend/base/api/v1/appuser/get_agent/?page=2&search=a",
          previous: null,
          results: [fx.agent],
        }),
      () => json({ count: 2, next: null, previous: null, results: [second] }),
    );
    await expect(listAgents("a")).resolves.toEqual([fx.agent, { ...second, id: "2" }]);
    expect(backend.sent.map((s) => s.href)).toEqual([
      "https://cards.univ.cm/backend/base/api/v1/appuser/get_agent/?search=a",
      "https://cards.univ.cm/backend/base/api/v1/appuser/get_agent/?page=2&search=a",
    ]);
  });

  it("listAgents sends search only when given", async () => {
    backend.token = "t";
    answer(() => json([fx.agent]));
    await expect(listAgents("fotsing")).resolves.toEqual([fx.agent]);
    await listAgents("");
    await listAgents();
    expect(backend.sent.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      "/base/api/v1/appuser/get_agent/?search=fotsing",
      "/base/api/v1/appuser/get_agent/",
      "/base/api/v1/appuser/get_agent/",
    ]);
  });

  it("createAgent posts the five fields as multipart", async () => {
    backend.token = "t";
    answer(() => json({ ...fx.agent, username: fx.newAgent.username }, 201));
    await createAgent(fx.newAgent);
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /base/api/v1/appuser/create_agent/");
    const form = formEntries(s);
    expect(Object.fromEntries(form)).toEqual({ ...fx.newAgent });
  });

  it.each([
    ["an empty 201", () => empty(201)],
    ["a 201 of {}", () => json({}, 201)],
    ["a 201 with a detail", () => json({ detail: "Agent created." }, 201)],
    ["a 200 naming the agent", () => json({ ...fx.agent, username: fx.newAgent.username }, 200)],
    ["a 204", () => empty(204)],
  ])("createAgent: %s means created (any 2xx), never an unexpected answer", async (_, reply) => {
    backend.token = "t";
    answer(reply);
    await expect(createAgent(fx.newAgent)).resolves.toBeUndefined();
  });

  it("deleteAgent sends DELETE to the user's path and resolves on 204", async () => {
    backend.token = "t";
    answer(() => empty(204));
    await expect(deleteAgent(fx.agent.id)).resolves.toBeUndefined();
    expect(`${only().method} ${only().url.pathname}`).toBe(`DELETE /base/api/v1/appuser/${fx.agent.id}/`);
  });
});
