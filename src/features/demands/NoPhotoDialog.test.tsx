// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { NoPhotoDialog } from "./NoPhotoDialog";

beforeAll(async () => {
  await setupTestI18n("fr");
});

describe("NoPhotoDialog", () => {
  it("is described by what validating without a photo means", () => {
    render(
      <NoPhotoDialog isOpen onCancel={() => undefined} onAddPhoto={() => undefined} onConfirm={() => undefined} />,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Valider sans photo\u00a0?" });
    const described = (dialog.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described.join(" ")).toMatch(/photo/);
  });
});
