// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student, teacher, type AnyKind } from "../kinds";
import { checkCard, exportCards, getCard, getCardPdf, listCards, notifyPrint } from "./endpoints/cards";
import { getDemand, listDemands, submitDemand, validateDemand, validateDemandSimple } from "./endpoints/demands";
import { empty, json, useStubBackend } from "./test-support";
import { setUpApi } from "../app/api-setup";
import { parseRuntimeConfig } from "../app/config";

const backend = useStubBackend();
const { answer, only } = backend;

interface Roots {
  readonly demands: string;
  readonly cards: string;
  readonly check: string;
}

/** Every call of a kind with the request it must send, given where its demands, cards and check live. */
const calls = (kind: AnyKind, r: Roots): [string, () => Promise<unknown>, string][] => {
  const id = "0b1c2d3e";
  return [
    ["submit", () => submitDemand(kind, {}), `POST ${r.demands}submit/`],
    ["list demands", () => listDemands(kind, { filter: "all" }), `GET ${r.demands}`],
    ["get demand", () => getDemand(kind, id), `GET ${r.demands}${id}/`],
    ["validate", () => validateDemand(kind, id, {}), `POST ${r.demands}${id}/validation/`],
    ["validate simple", () => validateDemandSimple(kind, id), `POST ${r.demands}${id}/validation_simple/`],
    ["list cards", () => listCards(kind), `GET ${r.cards}`],
    ["get card", () => getCard(kind, id), `GET ${r.cards}${id}/`],
    ["pdf", () => getCardPdf(kind, id), `GET ${r.cards}${id}/pdf/`],
    ["notify print", () => notifyPrint(kind, id), `POST ${r.cards}${id}/notify_print/`],
    ["export", () => exportCards(kind), `GET ${r.cards}export/`],
    ["check", () => checkCard(kind, "tok"), `POST ${r.check}`],
  ];
};

// ── Paths of every kind (docs/spec.md §7; teacher by the assumption in paths.ts) ────────────────────────────────────

describe("paths per kind", () => {
  const id = "0b1c2d3e";
  const roots = {
    student: {
      demands: "/student/api/v1/demand/",
      cards: "/student/api/v1/card/",
      check: "/student/api/v1/checkcard/",
    },
    staff: {
      demands: "/staff/api/v1/demand/personnel/",
      cards: "/staff/api/v1/card/personnel/",
      check: "/staff/api/v1/checkcard/personnel",
    },
    // Not shown in the spec: the staff pattern with "teacher" for "staff" and "personnel" (paths.ts).
    teacher: {
      demands: "/teacher/api/v1/demand/teacher/",
      cards: "/teacher/api/v1/card/teacher/",
      check: "/teacher/api/v1/checkcard/teacher",
    },
  } as const;

  it.each(
    [student, staff, teacher].flatMap((kind) =>
      calls(kind, roots[kind.id]).map(([label, call, expected]) => ({ kind: kind.id, label, call, expected })),
    ),
  )("$kind $label → $expected", async ({ call, expected }) => {
    answer(() => empty(204)); // the answer does not matter here; only the request does
    await call().catch(() => undefined);
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe(expected);
  });

  it("URL-encodes ids placed in paths", async () => {
    answer(() => json(fx.studentCard));
    await getCard(student, "a/b c?d").catch(() => undefined);
    expect(only().url.pathname).toBe("/student/api/v1/card/a%2Fb%20c%3Fd/");
  });

  it("teacher paths mirror staff paths with teacher in place of staff and personnel", () => {
    const swap = (p: string) => p.replace("/staff/", "/teacher/").replaceAll("personnel", "teacher");
    const s = staff.paths;
    const t = teacher.paths;
    for (const key of Object.keys(s) as (keyof typeof s)[]) {
      const sv = s[key];
      const tv = t[key];
      if (typeof sv === "string") expect(tv).toBe(swap(sv));
      else expect((tv as (x: string) => string)(id)).toBe(swap(sv(id)));
    }
  });
});

// ── Paths a site sets (config.json kindPaths, docs/deploying.md) ─────────────────────────────────────────────────────

describe("paths config.json sets for a kind", () => {
  // A team that mounted the teacher endpoints beside the staff ones.
  const config = parseRuntimeConfig({
    mode: "live",
    kindPaths: { teacher: { root: "/staff/api/v1/", segment: "teacher/", check: "checkcard/teacher" } },
  });
  const moved = {
    demands: "/staff/api/v1/demand/teacher/",
    cards: "/staff/api/v1/card/teacher/",
    check: "/staff/api/v1/checkcard/teacher",
  };

  beforeEach(() => setUpApi(config));
  afterEach(() => setUpApi({ mode: "live" }));

  it.each(calls(teacher, moved).map(([label, call, expected]) => ({ label, call, expected })))(
    "live teacher $label → $expected",
    async ({ call, expected }) => {
      await call().catch(() => undefined);
      const s = only();
      expect(`${s.method} ${s.url.pathname}`).toBe(expected);
    },
  );

  it("a kind the config leaves out keeps its default paths", async () => {
    await listDemands(staff, { filter: "all" }).catch(() => undefined);
    expect(only().url.pathname).toBe("/staff/api/v1/demand/personnel/");
  });

  it("demo mode keeps the default paths, where the embedded backend answers", async () => {
    setUpApi({ ...config, mode: "demo" });
    await listDemands(teacher, { filter: "all" }).catch(() => undefined);
    expect(only().url.pathname).toBe("/teacher/api/v1/demand/teacher/");
  });
});
