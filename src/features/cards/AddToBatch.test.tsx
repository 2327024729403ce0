// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { studentCard } from "../../../tests/fixtures/entities";
import { setupTestI18n } from "../../i18n/testing";
import { student } from "../../kinds";
import { readBatch, writeBatch } from "../../print/batch";
import { AddToBatch } from "./AddToBatch";

describe("a card's page adds the card to the print batch", () => {
  beforeAll(async () => {
    await setupTestI18n("fr");
  });
  beforeEach(() => writeBatch("agent", "student", []));

  it("one press puts it in the agent's batch, then the page says it is there and links to the batch", async () => {
    render(<AddToBatch kind={student} card={studentCard} username="agent" />);
    await userEvent.click(screen.getByRole("button", { name: "Ajouter au lot d'impression" }));
    expect(readBatch("agent", "student").map((card) => card.code)).toEqual([studentCard.code]);
    expect(await screen.findByText("Cette carte est dans votre lot d'impression.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Ajouter au lot d'impression" })).toBeNull();
    expect(screen.getByRole("link", { name: "Ouvrir le lot d'impression (1)" }).getAttribute("href")).toBe(
      "/dashboard/student/print",
    );
    expect(readBatch("other", "student")).toEqual([]);
  });
});
