// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as fx from "../../tests/fixtures/entities";
import { staff, student, teacher, type AnyKind } from "../kinds";
import { checkCard, exportCards, getCard, getCardPdf, listCards, notifyPrint } from "./endpoints/cards";
import { getDemand, listDemands, submitDemand, validateDemand, validateDemandSimple } from "./endpoints/demands";
import { empty, json, useStubBackend } from "./test-support";

const backend = useStubBackend();
const { answer, only } = backend;

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

  const calls = (kind: AnyKind): [string, () => Promise<unknown>, string][] => {
    const r = roots[kind.id];
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

  it.each(
    [student, staff, teacher].flatMap((kind) =>
      calls(kind).map(([label, call, expected]) => ({ kind: kind.id, label, call, expected })),
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
