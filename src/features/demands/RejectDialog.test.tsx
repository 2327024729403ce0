// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { student } from "../../kinds";
import type { DemandRejectContext } from "../../machines/demand-reject";
import { RejectDialog } from "./RejectDialog";

let i18n: I18n;
beforeAll(async () => {
  i18n = await setupTestI18n("fr");
});

const context: DemandRejectContext = {
  kind: student,
  id: "d-1",
  status: "rejected",
  reason: null,
  comment: "",
  fieldErrors: {},
  errorKey: null,
  listSearch: "",
  thenNext: false,
  fields: [],
};

describe("RejectDialog", () => {
  it("closed, builds nothing: the validation screen, drawn again at each step of a decision, does not word it", () => {
    const translate = vi.spyOn(i18n, "t");
    try {
      render(<RejectDialog isOpen={false} sending={false} context={context} send={() => undefined} />);
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(translate.mock.calls.filter(([key]) => String(key).startsWith("demand:reject"))).toEqual([]);
    } finally {
      translate.mockRestore();
    }
  });

  it("open, asks what is asked and why", () => {
    render(<RejectDialog isOpen sending={false} context={context} send={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "Refuser la demande ou demander une correction" })).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: /motif/i })).toBeTruthy();
  });
});
