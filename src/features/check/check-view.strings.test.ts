// @vitest-environment jsdom
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import type { KindId } from "../../api/kind-ids";
import { bloodGroups } from "../../api/schemas/enum-labels";
import { toCheckView, type CheckAnswer, type CheckLabels } from "../../machines/card-check-view";
import { mountCheckView, type CheckPhase, type CheckScreen } from "./check-view";

/**
 * The check page's DOM view (no JSX, so the JSX literal check of tests/unit/jsx-literals.test.ts does not see it):
 * every text it shows, and every accessible name it gives, comes through i18next or from the card's answer.
 */
const marked = ((key: string | string[]) => `⟦${String(key)}⟧`) as unknown as TFunction;

const answers: { readonly [K in KindId]: CheckAnswer<K> } = {
  student: fx.studentCheck,
  staff: fx.staffCheck,
  teacher: fx.teacherCheck,
};

/** The enumerations' labels travel with them in both languages (docs/spec.md §3, api/schemas/enum-labels.ts). */
const enumLabels = Object.values(bloodGroups).flatMap((label) => [label.fr, label.en]);

/** Texts with letters that neither came through `t` nor are a value of the answer (or a label of its reference lists or enumerations). */
const untranslated = (host: HTMLElement, allowed: readonly string[]): string[] => {
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? "");
  for (const element of host.querySelectorAll("*")) {
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value !== null) texts.push(value);
    }
  }
  const longestFirst = [...allowed].sort((a, b) => b.length - a.length);
  const rest = (text: string) =>
    longestFirst.reduce((left, value) => (value ? left.split(value).join(" ") : left), text.replace(/⟦[^⟧]*⟧/g, " "));
  return texts.filter((text) => /\p{L}/u.test(rest(text)));
};

const labelsFor = (): CheckLabels => fx.referenceData;

describe("check page view: no text of its own", () => {
  for (const kind of ["student", "staff", "teacher"] as const) {
    for (const [phase, valid, photo] of [
      ["valid", true, true],
      ["valid", true, false],
      ["invalid", false, true],
    ] as const) {
      it(`${kind}, ${phase}${photo ? "" : " without a photo"}`, () => {
        const answer = { ...answers[kind], valid, ...(photo ? {} : { photo_str: null }) };
        const view = toCheckView(kind, answer);
        const host = document.createElement("div");
        const screen = mountCheckView(host, { t: marked, language: "fr", onRetry: () => {} });
        const state: CheckScreen = {
          kind,
          phase,
          view,
          labels: labelsFor(),
          labelsDone: true,
          checkedAt: Date.UTC(2026, 10, 25, 9),
          errorKey: null,
        };
        screen.update(state);
        const values = Object.values(answer).flatMap((value) => (typeof value === "string" ? [value] : []));
        const labels = Object.values(fx.referenceData).flatMap((list) =>
          Array.isArray(list)
            ? list.flatMap((item: Record<string, unknown>) =>
                Object.values(item).filter((v): v is string => typeof v === "string"),
              )
            : [],
        );
        expect(host.textContent).toContain("⟦");
        expect(untranslated(host, [...values, ...labels, ...enumLabels])).toEqual([]);
      });
    }
  }

  for (const phase of ["loading", "notFound", "failed"] as const satisfies readonly CheckPhase[]) {
    it(`${phase}`, () => {
      const host = document.createElement("div");
      mountCheckView(host, { t: marked, language: "fr", onRetry: () => {} }).update({
        kind: "student",
        phase,
        view: null,
        labels: {},
        labelsDone: false,
        checkedAt: null,
        errorKey: phase === "failed" ? "errors:network" : null,
      });
      expect(host.textContent).toContain("⟦");
      expect(untranslated(host, [])).toEqual([]);
    });
  }
});
