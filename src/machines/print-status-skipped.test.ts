// @vitest-environment node
import { beforeEach, expect, it, vi } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { json, useStubBackend } from "../api/test-support";
import { kinds } from "../kinds";
import { printStatusPages } from "./print-status-pages";

const backend = useStubBackend();
beforeEach(() => {
  backend.token = "t";
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

it("a list by print status read to its end counts the rows it could not read, on each of its pages", async () => {
  const card = (id: number, print_count: number) => ({ ...fx.studentCard, id, code: `C${id}`, print_count });
  backend.answerInTurn(
    () => json(fx.pageOf([card(1, 0), { ...card(2, 0), valid: "yes" }], { next: "http://localhost/x/?page=2" })),
    () => json(fx.pageOf([card(3, 0), card(4, 2), { id: 5 }])),
  );
  const page = await printStatusPages(kinds.student, "no")(
    { search: "", filter: null, page: 1, link: null },
    new AbortController().signal,
  );
  expect(page.results.map((c) => c.code)).toEqual(["C1", "C3"]);
  expect(page.skipped).toBe(2);
});
