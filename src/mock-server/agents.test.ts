// @vitest-environment jsdom
import { expect, it } from "vitest";
import { createAgent, deleteAgent, getStats, isApiError, listAgents, login } from "../api";
import { rejectionOf, useSignedInDemoServer } from "./test-support";

const demo = useSignedInDemoServer();

const newAgent = {
  username: "mbella",
  password: "Mbella@2026",
  first_name: "Hortense",
  last_name: "Mbella",
  email: "h.mbella@usa.cm",
};

it("lists the agents (never administrators), searchable by username", async () => {
  const agents = await listAgents();
  expect(agents.map((a) => a.username)).toContain("agent");
  expect(agents.map((a) => a.username)).not.toContain("admin");
  expect((await listAgents("AGEN")).map((a) => a.username)).toEqual(["agent"]);
  expect(await listAgents("nobody-like-this")).toEqual([]);
});

it("creates an agent who can sign in, refuses a duplicate, deletes", async () => {
  const before = (await getStats()).agents;
  await createAgent(newAgent);
  const [agent] = await listAgents("mbella");
  expect(agent).toMatchObject({ username: "mbella", first_name: "Hortense" });
  expect((await getStats()).agents).toBe(before + 1);
  expect((await login("mbella", "Mbella@2026")).access).toBeTruthy();

  const duplicate = await rejectionOf(createAgent(newAgent));
  expect(isApiError(duplicate) && duplicate.kind).toBe("exist");
  expect(isApiError(duplicate) && duplicate.content).toEqual({
    username: ["A user with that username already exists."],
  });

  await deleteAgent(agent!.id);
  expect((await listAgents("mbella")).length).toBe(0);
  expect(isApiError(await rejectionOf(login("mbella", "Mbella@2026")))).toBe(true);
  const gone = await rejectionOf(deleteAgent(agent!.id));
  expect(isApiError(gone) && gone.kind).toBe("notFound");
});

it("lets only administrators manage agents", async () => {
  await demo.signIn("agent", "Agent@2026");
  const error = await rejectionOf(createAgent({ ...newAgent, username: "other" }));
  expect(isApiError(error) && error.status).toBe(403);
});

it("refuses a weak password and an invalid e-mail at creation, as at a password change (docs/spec.md §5), field by field", async () => {
  const weak = await rejectionOf(
    createAgent({ ...newAgent, username: "weak.one", password: "a", email: "not-an-email<script>" }),
  );
  expect(isApiError(weak) && weak.kind).toBe("badRequest");
  expect(isApiError(weak) && weak.content).toEqual({
    password: [
      "This password is too short. It must contain at least 8 characters.",
      "The password must contain at least 1 digit.",
      "The password must contain at least 1 uppercase letter.",
    ],
    email: ["Enter a valid email address."],
  });
  expect((await listAgents("weak.one")).length).toBe(0);
});

it("refuses lone surrogates and non-characters in the names and e-mail of a new agent", async () => {
  const error = await rejectionOf(
    createAgent({
      ...newAgent,
      username: "ngo.no",
      first_name: "Ngo\uD800no",
      last_name: "Mbe\uFFFEla",
      email: "h\uDC00@usa.cm",
    }),
  );
  expect(isApiError(error) && error.content).toEqual({
    first_name: ["Enter a valid value."],
    last_name: ["Enter a valid value."],
    email: ["Enter a valid value."],
  });
  expect((await listAgents("ngo.no")).length).toBe(0);
});
