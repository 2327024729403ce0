// @vitest-environment node
/**
 * A paged answer's `next` / `previous` as Django writes it behind a proxy: a link under the API's base URL is followed
 * as it is; any other (another host, another scheme, the same origin without the base URL's path prefix) has its
 * query applied to the list's own URL (docs/assumptions.md, "Paging behind a proxy").
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { student } from "../kinds";
import { listCards, listDemands } from "./index";
import { configureApi } from "./runtime";
import { json, useStubBackend } from "./test-support";

const backend = useStubBackend();
const BASE = "https://cards.univ.cm/backend/";
const OWN = "https://cards.univ.cm/backend/student/api/v1/demand/";

beforeEach(() => {
  configureApi({ baseUrl: BASE });
  backend.token = "t";
  backend.answer(() => json(fx.pageOf([fx.studentDemand])));
});

describe("a demand list's next link", () => {
  it.each<[string, string, string]>([
    ["under the base URL: as it is", `${OWN}?page=2&validated=false`, `${OWN}?page=2&validated=false`],
    [
      "on the same origin without the prefix (Django not told it)",
      "https://cards.univ.cm/student/api/v1/demand/?page=2&validated=false",
      `${OWN}?page=2&validated=false`,
    ],
    [
      "on the same host over plain http without the prefix",
      "http://cards.univ.cm/student/api/v1/demand/?page=3",
      `${OWN}?page=3`,
    ],
    [
      "on another host (Django's own address)",
      "http://10.0.0.5:8000/backend/student/api/v1/demand/?page=2&search=ab",
      `${OWN}?page=2&search=ab`,
    ],
    ["on another host without the prefix", "http://django:8000/student/api/v1/demand/?page=2", `${OWN}?page=2`],
    ["a path without a host", "/student/api/v1/demand/?page=4", `${OWN}?page=4`],
  ])("%s", async (_label, link, asked) => {
    await listDemands(student, { link });
    expect(backend.only().href).toBe(asked);
  });
});

it("a card list's previous link on the same origin without the prefix goes to the card list's own URL", async () => {
  backend.answer(() => json(fx.pageOf([fx.studentCard])));
  await listCards(student, { link: "https://cards.univ.cm/student/api/v1/card/?search=NG" });
  expect(backend.only().href).toBe("https://cards.univ.cm/backend/student/api/v1/card/?search=NG");
});

it("with the API on the page's own origin (no prefix), a same-origin link is followed as it is", async () => {
  configureApi({ baseUrl: "https://cards.univ.cm" });
  await listDemands(student, { link: "https://cards.univ.cm/student/api/v1/demand/?page=2" });
  expect(backend.only().href).toBe("https://cards.univ.cm/student/api/v1/demand/?page=2");
});
