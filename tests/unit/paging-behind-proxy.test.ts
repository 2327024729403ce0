// @vitest-environment node
/**
 * Django behind a TLS-terminating proxy writes its paged answers' `next` / `previous` links with its own view of
 * the address (`http://10.0.0.5:8000/…`) while the site calls `https://cards.univ.cm/backend/`. The mock API is
 * started so (its links on another scheme and host than the one the client calls): paging, reading to the end
 * of a card list ("every card not yet printed") still work, each request going to the API's base URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockApi, type MockApi } from "../../scripts/lib/mock-api-server";
import { listCards } from "../../src/api/endpoints/cards";
import { listDemands } from "../../src/api/endpoints/demands";
import { configureApi } from "../../src/api/runtime";
import { student } from "../../src/kinds";
import { collectUnprinted } from "../../src/machines/print-picker";

const INTERNAL = "http://10.0.0.5:8000";
let api: MockApi;
let token = "";
const asked: string[] = [];

beforeAll(async () => {
  api = await startMockApi({ host: "127.0.0.1", port: 0, origin: INTERNAL, pageSize: 4 });
  api.server.on("request", (req) => asked.push(req.url ?? ""));
  const signedIn = await fetch(`${api.url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  token = ((await signedIn.json()) as { access: string }).access;
  configureApi({ baseUrl: api.url, getToken: () => token, onUnauthorized: () => {} });
});
afterAll(() => api.close());

describe("paged answers whose links name another scheme and host", () => {
  it("Next and Previous follow them on the API's base URL", async () => {
    const first = await listDemands(student, { filter: "all" });
    expect(first.next?.startsWith(`${INTERNAL}/`)).toBe(true);
    const second = await listDemands(student, { link: first.next });
    expect(second.results.length).toBeGreaterThan(0);
    expect(second.results.map((d) => d.id)).not.toContain(first.results[0]?.id);
    expect(second.previous?.startsWith(`${INTERNAL}/`)).toBe(true);
    const back = await listDemands(student, { link: second.previous });
    expect(back.results.map((d) => d.id)).toEqual(first.results.map((d) => d.id));
  });

  it("every card not yet printed is read to the list's end", async () => {
    const all = [];
    for (let page = 1; ; page++) {
      const answer = await listCards(student, { page });
      all.push(...answer.results);
      if (!answer.next) break;
    }
    const unprinted = all.filter((card) => card.valid && (card.print_count ?? 0) === 0).map((card) => card.id);
    expect(all.length).toBeGreaterThan(4);
    asked.length = 0;
    expect((await collectUnprinted(student, { search: "", filter: null })).map((card) => card.id)).toEqual(unprinted);
    expect(asked.filter((url) => url.includes("page=")).length).toBeGreaterThan(0);
  });
});
