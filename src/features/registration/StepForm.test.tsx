// @own-modules
// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { referenceData } from "../../../tests/fixtures/entities";
import { setupTestI18n } from "../../i18n/testing";
import { kinds } from "../../kinds";
import { build } from "../../machines/wizard-testing";
import { StepForm } from "./StepForm";

/** How many times the step's text fields were drawn. */
const drawn = vi.hoisted(() => ({ textFields: 0 }));
vi.mock("../../ui/NativeTextField", async (original) => {
  const { NativeTextField } = await original<typeof import("../../ui/NativeTextField")>();
  return {
    NativeTextField: (props: Parameters<typeof NativeTextField>[0]) => {
      drawn.textFields++;
      return <NativeTextField {...props} />;
    },
  };
});

beforeAll(async () => {
  await setupTestI18n("en");
});

describe("a wizard step", () => {
  it("draws the photo field alone again when a photo lands, not the step's other fields", () => {
    const index = kinds.staff.form.steps.findIndex((step) => step.fields.some((f) => f.input.type === "photo"));
    const step = kinds.staff.form.steps[index]!;
    const { context } = build({ kind: "staff" }).actor.getSnapshot();
    const onChange = () => undefined;
    const onPhoto = () => undefined;
    const labelOf = () => undefined;
    const form = (photo: string | null) => (
      <StepForm
        step={step}
        index={index}
        headingId="step"
        context={{ ...context, photo }}
        referenceData={referenceData}
        listsStatus="ready"
        onRetryLists={() => undefined}
        lang="en"
        labelOf={labelOf}
        summary={null}
        onChange={onChange}
        onPhoto={onPhoto}
        onNext={() => undefined}
        onPrevious={() => undefined}
        reviewReached={false}
      />
    );
    const { rerender } = render(form(null));
    const first = drawn.textFields;
    expect(first).toBeGreaterThan(0);
    rerender(form("data:image/jpeg;base64,/9j/4AAQ"));
    expect(screen.getByRole("img", { name: "Your ID photo" })).toBeVisible();
    expect(drawn.textFields).toBe(first);
  });
});
