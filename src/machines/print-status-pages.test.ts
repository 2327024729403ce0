// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isApiError, listCards } from "../api";
import { kinds } from "../kinds";
import { rejectionOf, useDemoServer } from "../mock-server/test-support";
import { LOCAL_PAGE_SIZE, printStatusPages } from "./print-status-pages";

const demo = useDemoServer();
beforeAll(() => void demo.start());
afterAll(() => demo.stop());
beforeEach(() => demo.signIn());

const request = (page: number, link: string | null = null) => ({ search: "", filter: null, page, link });

describe("card lists by print status (read by the client, paged here)", () => {
  it("pages the never-printed and the printed cards of the list, ten by ten, with links to follow", async () => {
    const kind = kinds.student;
    const all = [];
    let page = await listCards(kind);
    all.push(...page.results);
    while (page.next) {
      page = await listCards(kind, { link: page.next });
      all.push(...page.results);
    }
    for (const [printed, keep] of [
      ["no", (n: number) => n === 0],
      ["yes", (n: number) => n > 0],
    ] as const) {
      const expected = all.filter((card) => keep(card.print_count ?? 0)).map((card) => card.code);
      const pages = printStatusPages(kind, printed);
      const first = await pages(request(1), new AbortController().signal);
      expect(first.count).toBe(expected.length);
      expect(first.results.map((card) => card.code)).toEqual(expected.slice(0, LOCAL_PAGE_SIZE));
      expect(first.previous).toBeNull();
      if (expected.length > LOCAL_PAGE_SIZE) {
        expect(first.next).toBe("?page=2");
        const second = await pages(request(1, first.next), new AbortController().signal);
        expect(second.results.map((card) => card.code)).toEqual(expected.slice(LOCAL_PAGE_SIZE, 2 * LOCAL_PAGE_SIZE));
        expect(second.previous).toBe("?page=1");
      }
      const beyond = await rejectionOf(pages(request(99), new AbortController().signal));
      expect(isApiError(beyond) && beyond.kind).toBe("notFound");
    }
  });
});
