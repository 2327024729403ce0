// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  deleteAgent,
  exportAllCards,
  exportCards,
  getCard,
  getCardPdf,
  getDemand,
  getProfile,
  getStats,
  isApiError,
  listAgents,
  listCards,
  listDemands,
  login,
  logout,
  notifyPrint,
  updatePassword,
  validateDemand,
  validateDemandSimple,
} from "../api";
import { kinds } from "../kinds";
import { rejectionOf, useDemoServer } from "./test-support";

const demo = useDemoServer();
beforeAll(() => void demo.start());
afterAll(() => demo.stop());

const expectUnauthorized = async (call: () => Promise<unknown>) => {
  const error = await rejectionOf(call());
  expect(isApiError(error) && error.kind).toBe("unauthorized");
  if (isApiError(error)) {
    expect(error.status).toBe(401);
    expect(typeof (error.content as { detail?: unknown }).detail).toBe("string");
  }
};

describe("protected endpoints (docs/spec.md §6)", () => {
  const protectedCalls: Record<string, () => Promise<unknown>> = {
    profile: () => getProfile(),
    stats: () => getStats(),
    logout: () => logout(),
    updatePassword: () => updatePassword(1, "Secret@2027"),
    listAgents: () => listAgents(),
    createAgent: () => createAgent({ username: "x", password: "y", first_name: "", last_name: "", email: "" }),
    deleteAgent: () => deleteAgent("2"),
    exportAll: () => exportAllCards(),
    ...Object.fromEntries(
      Object.values(kinds).flatMap((kind) => [
        [`${kind.id} demands`, () => listDemands(kind)],
        [`${kind.id} demand`, () => getDemand(kind, "any")],
        [`${kind.id} validate`, () => validateDemand(kind, "any", {})],
        [`${kind.id} validate simple`, () => validateDemandSimple(kind, "any")],
        [`${kind.id} cards`, () => listCards(kind)],
        [`${kind.id} card`, () => getCard(kind, "any")],
        [`${kind.id} pdf`, () => getCardPdf(kind, "any")],
        [`${kind.id} notify`, () => notifyPrint(kind, "any")],
        [`${kind.id} export`, () => exportCards(kind)],
      ]),
    ),
  };

  it.each(Object.entries(protectedCalls))("%s answers 401 without a token", async (_name, call) => {
    demo.setToken(null);
    await expectUnauthorized(call);
  });

  it("answers 401 with an unknown token", async () => {
    demo.setToken("not-a-token");
    await expectUnauthorized(() => getStats());
  });
});

describe("sign-in", () => {
  it("gives an opaque token to the demo accounts and a profile with groups", async () => {
    const token = await demo.signIn("admin", "Admin@2026");
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(await getProfile()).toMatchObject({
      id: 1,
      username: "admin",
      first_name: "Aïcha",
      groups: [{ name: "Admin" }],
    });
    await demo.signIn("agent", "Agent@2026");
    expect((await getProfile()).groups).toEqual([{ name: "Agent" }]);
  });

  it("refuses wrong credentials with 401 and the simplejwt detail", async () => {
    const error = await rejectionOf(login("admin", "wrong"));
    expect(isApiError(error) && error.kind).toBe("notValid");
    expect(isApiError(error) && error.content).toEqual({
      detail: "No active account found with the given credentials",
    });
  });

  it("invalidates the token at logout", async () => {
    await demo.signIn();
    await logout();
    await expectUnauthorized(() => getProfile());
  });

  it("changes the password: the old one then fails, the new one works", async () => {
    await demo.signIn("agent", "Agent@2026");
    const weak = await rejectionOf(updatePassword(2, "short"));
    expect(isApiError(weak) && weak.kind).toBe("badRequest");
    await updatePassword(2, "Nouveau@2027");
    expect(isApiError(await rejectionOf(login("agent", "Agent@2026")))).toBe(true);
    expect((await login("agent", "Nouveau@2027")).access).toBeTruthy();
    const other = await rejectionOf(updatePassword(1, "Nouveau@2027"));
    expect(isApiError(other) && other.status).toBe(403);
  });
});
